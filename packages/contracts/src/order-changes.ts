import { z } from 'zod';

// A ring changed while its order is still placed (another size, another metal): the new total
// worked out by the server first (a preview), then the change made, the difference charged by
// the pay link or refunded to the payments. Once in production only staff may, with a note.

export const orderChangeInput = z
  .object({
    /** The line's place on the order (0 = first). */
    line: z.number().int().min(0).max(50),
    size: z.number().min(1).max(16).optional(),
    metal: z.string().trim().min(1).max(10).optional(),
  })
  .strict();

export const customerChangeBody = z
  .object({
    token: z.string().max(100).optional(),
    change: orderChangeInput,
    /** Only work the new total out; change nothing. */
    preview: z.boolean().default(false),
  })
  .strict();

export const staffChangeBody = z
  .object({
    version: z.number().int().min(1),
    change: orderChangeInput,
    preview: z.boolean().default(false),
    /** Why, when the piece is already in production (required then). */
    note: z.string().trim().max(500).default(''),
  })
  .strict();

/** What a change does, in the server's numbers: the line before and after, and the money. */
export const orderChangePreview = z.object({
  line: z.number().int(),
  before: z.object({
    title: z.string(),
    unitPriceCents: z.number().int(),
    size: z.number().nullable(),
    metal: z.string(),
  }),
  after: z.object({
    title: z.string(),
    unitPriceCents: z.number().int(),
    size: z.number().nullable(),
    metal: z.string(),
  }),
  totalBeforeCents: z.number().int(),
  totalAfterCents: z.number().int(),
  /** More to pay (> 0, by the pay link) or given back (< 0, to the payments). */
  differenceCents: z.number().int(),
  /** What the line may become: the sizes and metals the design is made in. */
  options: z.object({ sizes: z.array(z.number()), metals: z.array(z.object({ code: z.string(), name: z.string() })) }),
  /** Set when the change was made: where the customer pays a difference (a new link). */
  payUrl: z.string().nullable(),
  made: z.boolean(),
});
export type OrderChangePreview = z.infer<typeof orderChangePreview>;
