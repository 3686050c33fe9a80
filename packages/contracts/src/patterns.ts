import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

// The spec §5 patterns without zod, so a page can check an e-mail without loading a schema library.

/** spec §5: something@something with no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
/** spec §5: ≥ 12 of letters, digits and @$!%*?&, with an uppercase letter, a digit and a special. */
export const PASSWORD_RE = new RegExp(`^(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&])[A-Za-z\\d@$!%*?&]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
/**
 * spec §5 "letters only", in any script; a single space, hyphen or apostrophe may join two runs
 * of letters so Mary-Jane and O'Brien can register (docs/decisions/005).
 */
export const NAME_RE = /^\p{L}+(?:[ '\u2019-]\p{L}+)*$/u;
export const OTP_RE = new RegExp(`^\\d{${OTP_LENGTH}}$`);

