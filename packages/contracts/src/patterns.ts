import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

// The patterns without zod, so a page can check an e-mail without loading a schema library.

/** Something@something with no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
/**
 * At least 12 characters with an uppercase letter, a digit and a special character (the spec's
 * rule), and otherwise anything a person can type: spaces, so passphrases work, and letters of
 * any script (NIST 800-63B). Only control characters are refused.
 */
export const PASSWORD_RE = new RegExp(
  `^(?=.*\\p{Lu})(?=.*\\p{Nd})(?=.*[^\\p{L}\\p{N}\\s])[^\\p{Cc}]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
  'u',
);
/**
 * "letters only", in any script; a single space, hyphen or apostrophe may join two runs
 * of letters so Mary-Jane and O'Brien can register (docs/decisions/005).
 */
export const NAME_RE = /^\p{L}+(?:[ '\u2019-]\p{L}+)*$/u;
export const OTP_RE = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/**
 * A page of this store ("/diamonds", "/category/12?sort=price"), never another site: one slash,
 * then no second slash or backslash (browsers read "//x" and "/\\x" as another host), and no
 * backslash, space or control character anywhere (browsers drop tabs and line breaks from a URL,
 * so "/\t/x" becomes "//x").
 */
export const STORE_PATH_RE = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
export const isStorePath = (s: string) => STORE_PATH_RE.test(s);

const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/**
 * Why a password that meets the character rules is still easy to guess, or null: a character run
 * ("aaaa"), a repeated block ("Aa1!Aa1!Aa1!"), too few different characters, or a sequence of five
 * ("abcde", "54321", "qwert") — the first things a guessing program tries.
 */
export function passwordPatternProblem(password: string): string | null {
  const p = password.toLowerCase();
  const repetitive = 'Avoid repeated characters and patterns (like aaaa or abcabc).';
  if (/(.)\1{3}/u.test(p) || /^(.+?)\1+$/u.test(p) || new Set(p).size < 6) return repetitive;
  const chars = [...p];
  let up = 1;
  let down = 1;
  for (let i = 1; i < chars.length; i++) {
    const step = chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!;
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= 5 || down >= 5) return 'Avoid sequences (like abcde or 12345).';
  }
  for (let i = 0; i + 5 <= p.length; i++) {
    const five = p.slice(i, i + 5);
    const reversed = [...five].reverse().join('');
    if (KEYBOARD_ROWS.some((row) => row.includes(five) || row.includes(reversed)))
      return 'Avoid rows of the keyboard (like qwert or asdfg).';
  }
  return null;
}
