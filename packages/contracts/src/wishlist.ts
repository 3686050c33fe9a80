import { z } from 'zod';
import { emailField } from './account.ts';
import { ITEM_KINDS } from './commerce.ts';
import { configureBody } from './configurator.ts';

// The wishlist keeps what was chosen (like a cart line, without a quantity), never a price:
// every read prices it from today's catalogue, so a saved piece shows what it costs now.

export { WISHLIST_FULL, WISHLIST_MAX, wishKey } from './wish-key.ts';

const id = z.number().int().positive().max(2_147_483_647);
export const wishItemBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), id }).strict(),
  z.object({ kind: z.literal('configured'), configuration: configureBody }).strict(),
  z.object({ kind: z.literal('diamond'), id }).strict(),
  z.object({ kind: z.literal('gemstone'), id }).strict(),
  z.object({ kind: z.literal('melee'), id }).strict(),
]);
export type WishItem = z.infer<typeof wishItemBody>;

export const wishEntry = z.object({
  id: z.number().int(),
  kind: z.enum(ITEM_KINDS),
  key: z.string(),
  /** The body that adds it to a cart (or saves it again). */
  item: wishItemBody,
  title: z.string(),
  details: z.array(z.string()),
  image: z.string(),
  href: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  available: z.boolean(),
  /** Why it cannot be bought now: sold, withdrawn, reserved. */
  message: z.string().nullable(),
  /** Sold out for good (a sold or withdrawn stone, a retired piece), not just reserved for now. */
  gone: z.boolean(),
  addedAt: z.string(),
});
export type WishEntry = z.infer<typeof wishEntry>;

export const wishlistSchema = z.object({
  items: z.array(wishEntry),
  count: z.number().int(),
  max: z.number().int(),
  /** The read-only link's token; only its owner ever sees it. */
  shareToken: z.string().nullable(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const sharedWishlistSchema = z.object({
  items: z.array(wishEntry),
  /** The owner's first name, when the list belongs to an account. */
  ownerName: z.string().nullable(),
});
export type SharedWishlist = z.infer<typeof sharedWishlistSchema>;

/** A share token: 32 random bytes, base64url. */
export const shareTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.') });

// --- Drop a hint: a fixed e-mail about one piece to a friend ---

export const HINT_NOTE_MAX = 300;
export const hintBody = z
  .object({
    item: wishItemBody,
    fromName: z
      .string()
      .trim()
      .min(2, 'Please enter your name')
      .max(60, 'Please keep your name under 60 characters')
      .regex(/^[\p{L}\p{M}' .-]+$/u, 'Please use letters only in your name'),
    toEmail: emailField,
    note: z
      .string()
      .trim()
      .max(HINT_NOTE_MAX, `Please keep the note under ${HINT_NOTE_MAX} characters`)
      // A hint carries the store's link only: a note with links would make it a way to send spam.
      .refine(
        (s) => !/(https?:|www\.|\b[\w-]+\.(com|net|org|io|ru|cn|xyz)\b)/i.test(s),
        'Please leave links out of the note',
      )
      .optional()
      .default(''),
  })
  .strict();
