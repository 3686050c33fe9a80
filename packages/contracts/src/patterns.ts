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
