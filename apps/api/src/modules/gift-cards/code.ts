import { createHash, randomInt } from 'node:crypto';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH, normalGiftCode } from '@facet/contracts/gift-cards';

/** A new code from the CSPRNG: 16 symbols of 31 (~79 bits), so a guess is hopeless even unthrottled. */
export const newGiftCode = () =>
  Array.from({ length: GIFT_CODE_LENGTH }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]).join('');

/** What is kept of a code: its SHA-256 (a code this long needs no salt or key to resist guessing). */
export const hashGiftCode = (code: string) => createHash('sha256').update(normalGiftCode(code)).digest('hex');
