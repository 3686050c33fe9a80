import { z } from 'zod';
import { emailField } from './account.ts';

// Gift cards: sold in the store (or issued by staff), delivered by e-mail with a code of 16
// characters shown once; everywhere else a card is its last four. A balance never goes below zero;
// an order's refund goes back to the gift cards that paid for it first.

export const GIFT_CARD_MIN_CENTS = 5_000;
export const GIFT_CARD_MAX_CENTS = 1_000_000;
/** The amounts offered with one tap; any whole dollar amount between the limits can be typed. */
export const GIFT_CARD_AMOUNTS = [10_000, 25_000, 50_000, 100_000, 250_000] as const;
/** US federal rules (the CARD Act) forbid expiry within five years; Facet's cards never expire. */
export const GIFT_CARD_EXPIRY = 'Never expires.';

/** Letters and digits nobody misreads (no 0/O, 1/I/L): 31 symbols, 16 of them ≈ 79 bits. */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_CODE_LENGTH = 16;
/** A code as typed (any case, spaces or dashes) to its canonical 16 characters. */
export const normalGiftCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
/** ABCD-EFGH-JKMN-PQRS, as printed. */
export const printedGiftCode = (code: string) => normalGiftCode(code).replace(/(.{4})(?=.)/g, '$1-');

export const giftCode = z
  .string()
  .trim()
  .max(40)
  .transform(normalGiftCode)
  .refine((c) => c.length === GIFT_CODE_LENGTH && [...c].every((x) => GIFT_CODE_ALPHABET.includes(x)), {
    message: 'A gift card code is 16 letters and digits, like ABCD-EFGH-JKMN-PQRS',
  });

const noLinks = (s: string) => !/(https?:\/\/|www\.|<[a-z/])/i.test(s);
const plainMessage = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine(noLinks, 'Plain words only: no links or markup');
const amount = z
  .number()
  .int()
  .min(GIFT_CARD_MIN_CENTS, 'At least $50')
  .max(GIFT_CARD_MAX_CENTS, 'At most $10,000')
  .refine((c) => c % 100 === 0, 'Whole dollars');

/** A gift card as bought: for whom, from whom, the message and the day it arrives (store calendar). */
export const giftCardPurchase = z
  .object({
    amountCents: amount,
    recipientName: z.string().trim().min(1, 'Who is it for?').max(80),
    recipientEmail: emailField,
    senderName: z.string().trim().min(1, 'Who is it from?').max(80),
    message: plainMessage.default(''),
    /** YYYY-MM-DD; today or later (within a year). */
    deliverOn: z.iso.date('A date'),
  })
  .strict();
export type GiftCardPurchase = z.infer<typeof giftCardPurchase>;

export const giftBalanceBody = z.object({ code: giftCode }).strict();
export const giftBalance = z.object({
  last4: z.string(),
  balanceCents: z.number().int(),
  /** Disabled by the store (lost, or bought fraudulently): it cannot be spent. */
  active: z.boolean(),
});
export type GiftBalance = z.infer<typeof giftBalance>;

/** What paid part of an order: a gift card by its last four. */
export const giftPayment = z.object({ last4: z.string(), cents: z.number().int() });

// The back office.
// 'take-back': the order that bought the card was refunded, and what was left on it came back to the store.
export const GIFT_ENTRY_KINDS = ['issue', 'redeem', 'refund', 'release', 'adjust', 'disable', 'take-back'] as const;
export const giftEntry = z.object({
  at: z.string(),
  kind: z.enum(GIFT_ENTRY_KINDS),
  cents: z.number().int(),
  balanceCents: z.number().int(),
  orderNumber: z.string().nullable(),
  by: z.string(),
  reason: z.string().nullable(),
});
export const adminGiftCard = z.object({
  id: z.number().int(),
  last4: z.string().nullable(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  active: z.boolean(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  senderName: z.string(),
  deliverOn: z.string(),
  deliveredAt: z.string().nullable(),
  /** The order that bought it (null: issued by staff). */
  orderNumber: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCard>;
export const giftLiability = z.object({
  cards: z.number().int(),
  issuedCents: z.number().int(),
  redeemedCents: z.number().int(),
  adjustedCents: z.number().int(),
  /** What the store owes holders today: the sum of active balances. */
  outstandingCents: z.number().int(),
});
export const adminGiftCards = z.object({ cards: z.array(adminGiftCard), liability: giftLiability });
export const adminGiftCardDetail = adminGiftCard.extend({ message: z.string(), ledger: z.array(giftEntry) });
export const giftIssueBody = z
  .object({
    amountCents: amount,
    recipientName: z.string().trim().min(1, 'Who is it for?').max(80),
    recipientEmail: emailField,
    message: plainMessage.default(''),
    reason: z.string().trim().min(3, 'Say why (a goodwill gesture, a replacement…)').max(200),
  })
  .strict();
export const giftAdjustBody = z
  .object({
    version: z.number().int().min(1),
    amountCents: z
      .number()
      .int()
      .refine((c) => c !== 0, 'An amount to add, or a negative one to take off')
      .refine((c) => Math.abs(c) <= GIFT_CARD_MAX_CENTS, 'At most $10,000'),
    reason: z.string().trim().min(3, 'Say why').max(200),
  })
  .strict();
export const giftDisableBody = z
  .object({ version: z.number().int().min(1), reason: z.string().trim().min(3, 'Say why').max(200) })
  .strict();

/** The picture of a gift card (the storefront's own drawing). */
export const GIFT_CARD_IMAGE = '/gift-card.svg';

/** A gift card an order bought, as its refund sees it. */
export const boughtGiftCard = adminGiftCard
  .pick({ id: true, last4: true, initialCents: true, balanceCents: true })
  .extend({
    /** Taken back by a refund of the order: nothing left on it, and it cannot be spent. */
    takenBack: z.boolean(),
  });
export type BoughtGiftCard = z.infer<typeof boughtGiftCard>;

/**
 * Why gift cards cannot pay for an order that buys one: it would turn a stolen card into a fresh one
 * sent anywhere. Said by checkout before the shopper tries, and by the server that refuses it.
 */
export const NO_GIFT_CARD_FOR_GIFT_CARD =
  'Gift cards cannot pay for an order that buys a gift card. Pay by card, or buy the gift card in an order of its own.';
