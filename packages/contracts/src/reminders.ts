import { z } from 'zod';
import { emailField } from './account.ts';

/** The e-mail typed at checkout, and the "e-mail me" tick (unticked: nothing but the order's own e-mails). */
export const cartContactBody = z.object({ email: emailField, consent: z.boolean() }).strict();

/** A left cart's e-mailed link, opened: its lines join this visitor's cart. */
export const restoreCartBody = z.object({ token: z.string().min(10).max(200) }).strict();

export const cartReminderRule = z.object({
  on: z.boolean(),
  firstMinutes: z.number().int(),
  secondMinutes: z.number().int(),
});

/** The back office's left carts: the rule, the last 30 days' figures, and the carts left now. */
export const adminLeftCarts = z.object({
  rule: cartReminderRule,
  summary: z.object({
    reminded: z.number().int(),
    emails: z.number().int(),
    restored: z.number().int(),
    recovered: z.number().int(),
    revenueCents: z.number().int(),
  }),
  carts: z.array(
    z.object({
      cartId: z.number().int(),
      updatedAt: z.string(),
      email: z.string().nullable(),
      consent: z.boolean(),
      unsubscribed: z.boolean(),
      lines: z.number().int(),
      valueCents: z.number().int(),
      reminders: z.number().int(),
      lastReminderAt: z.string().nullable(),
      recoveredOrder: z.string().nullable(),
    }),
  ),
});
