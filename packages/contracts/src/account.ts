import { z } from 'zod';
import { PASSWORD_MAX } from './constants.ts';
import { MSG } from './messages.ts';

// Account, address, contact and newsletter bodies. Both sides validate with
// these; the API's bodies are strict so no client can set flags, ids or ownership.

import { EMAIL_RE, NAME_RE, OTP_RE, PASSWORD_RE, passwordPatternProblem } from './patterns.ts';
export { EMAIL_RE, NAME_RE, OTP_RE, PASSWORD_RE };

const trimmed = () => z.string().trim();
/** A phone number the shopper may leave out (contact, profile, appointments): any country's digits. */
export const optionalPhoneField = trimmed()
  .max(25)
  .refine((s) => s === '' || /^\+?[\d ().-]{7,20}$/.test(s), 'Please enter a valid phone number')
  .optional()
  .default('');
export const emailField = trimmed()
  .max(254, MSG.email)
  .regex(EMAIL_RE, MSG.email)
  .transform((s) => s.toLowerCase());
export const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(PASSWORD_MAX, MSG.passwordPolicy)
  .regex(PASSWORD_RE, MSG.passwordPolicy)
  .superRefine((s, ctx) => {
    const problem = passwordPatternProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const firstNameField = trimmed().min(1, MSG.firstName).max(60, MSG.firstName).regex(NAME_RE, MSG.firstName);
export const lastNameField = trimmed()
  .max(60, MSG.lastName)
  .refine((s) => s === '' || NAME_RE.test(s), MSG.lastName);

export const registerBody = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField.optional().default(''),
    email: emailField,
    password: passwordField,
  })
  .strict();

export const loginBody = z
  .object({
    username: emailField,
    // Login checks only presence: older passwords may predate today's policy.
    password: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(PASSWORD_MAX, MSG.passwordRequired),
  })
  .strict();

export const verifyBody = z.object({ otp: z.string().trim().regex(OTP_RE, MSG.otp) }).strict();
export const forgotBody = z.object({ email: emailField }).strict();
export const resetBody = z.object({ password: passwordField }).strict();

/** PUT /user arrives as multipart; its text fields are checked with this after parsing. */
export const profileFields = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField.optional().default(''),
    phone: optionalPhoneField,
    email: emailField.optional(),
  })
  .strict();

/** The session object (login, verify and update answer it). */
export const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.union([z.literal(0), z.literal(1)]),
  avatarUrl: z.string().nullable(),
  /** A new address waiting for its code (e-mail change). */
  pendingEmail: z.string().nullable(),
  token: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Register and an unverified login: only a token that can resend and verify. */
export const verifyTicket = z.object({
  emailVerified: z.literal(0),
  email: z.string(),
  firstName: z.string(),
  token: z.string(),
});
export type VerifyTicket = z.infer<typeof verifyTicket>;
export const loginAnswer = z.union([userSchema, verifyTicket]);

export const messageAnswer = z.object({ message: z.string() });

/** The shopper's choices about the store's e-mails (news, a left cart's reminder, notes before their dates). */
export const preferencesSchema = z.object({ marketing: z.boolean() }).strict();
export type Preferences = z.infer<typeof preferencesSchema>;

// --- Saved addresses (US) ---
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsState = keyof typeof US_STATES;
const stateCodes = Object.keys(US_STATES) as [UsState, ...UsState[]];

export const US_PHONE_RE = /^(?:\+?1[ .-]?)?\(?[2-9]\d{2}\)?[ .-]?\d{3}[ .-]?\d{4}$/;
export const ZIP_RE = /^\d{5}(?:-\d{4})?$/;

export const addressFields = z.object({
  name: trimmed().min(2, 'Please enter the recipient’s name').max(100, 'Please enter the recipient’s name'),
  company: trimmed().max(100).optional().default(''),
  line1: trimmed().min(3, 'Please enter a street address').max(120, 'Please enter a street address'),
  line2: trimmed().max(120).optional().default(''),
  city: trimmed().min(2, 'Please enter a city').max(60, 'Please enter a city'),
  state: z.enum(stateCodes, { error: 'Please choose a state' }),
  zip: trimmed().regex(ZIP_RE, 'Please enter a 5-digit ZIP code'),
  country: z.literal('US', { error: 'We ship within the United States' }).default('US'),
  phone: trimmed().regex(US_PHONE_RE, 'Please enter a 10-digit US phone number'),
});
export const addressBody = addressFields
  .extend({
    isDefaultShipping: z.boolean().optional().default(false),
    isDefaultBilling: z.boolean().optional().default(false),
  })
  .strict();
export type AddressInput = z.input<typeof addressBody>;
export const addressSchema = addressFields.extend({
  id: z.number().int(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
export const ADDRESS_LIMIT = 20;

// --- Contact and newsletter ---
export const CONTACT_MESSAGE_MAX = 5_000;
export const contactBody = z
  .object({
    name: trimmed().min(2, 'Please enter your name').max(100, 'Please enter your name'),
    email: emailField,
    phone: optionalPhoneField,
    subject: trimmed().min(2, 'Please enter a subject').max(150, 'Please keep the subject under 150 characters'),
    message: trimmed()
      .min(10, 'Please write at least 10 characters')
      .max(
        CONTACT_MESSAGE_MAX,
        `Please keep your message under ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
      ),
    /** Honeypot: people never see it, bots fill it. */
    website: z.string().max(200).optional(),
  })
  .strict();

export const newsletterBody = z.object({ email: emailField }).strict();
export const newsletterConfirmBody = z.object({ token: z.string().min(20).max(100) }).strict();

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
