import { z } from 'zod';

// Reviews by buyers of a delivered piece: stars, plain words, up to four photographs; shown once staff approve them.

export const REVIEW_MAX_CHARS = 2_000;
export const REVIEW_MAX_PHOTOS = 4;
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Plain words only: a link or markup in a review is refused, not stripped (the reviewer sees why). */
const PLAIN = /<[a-z!/]|https?:\/\/|www\.|\[[^\]]*\]\(/i;
export const reviewWords = z
  .string()
  .trim()
  .min(10, 'Write a few words (at least 10 characters)')
  .max(REVIEW_MAX_CHARS, `At most ${REVIEW_MAX_CHARS.toLocaleString('en-US')} characters`)
  .refine((s) => !PLAIN.test(s), 'Reviews are plain words: no links or HTML');

export const reviewFields = z
  .object({
    stars: z.coerce.number().int().min(1, 'Choose from 1 to 5 stars').max(5, 'Choose from 1 to 5 stars'),
    body: reviewWords,
  })
  .strict();

export const reviewPhoto = z.object({
  small: z.string(),
  large: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const shownReview = z.object({
  id: z.number().int(),
  /** The buyer as shown: first name and initial. */
  name: z.string(),
  stars: z.number().int(),
  body: z.string(),
  /** What they bought: metal, size. */
  bought: z.string(),
  photos: z.array(reviewPhoto),
  answer: z.string().nullable(),
  createdAt: z.string(),
});
export const productReviews = z.object({
  /** Of approved reviews, to one decimal (null: none yet). */
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(shownReview),
});
export type ProductReviews = z.infer<typeof productReviews>;

/** A delivered line the buyer may review, and their review of it if written. */
export const reviewableLine = z.object({
  lineId: z.number().int(),
  title: z.string(),
  details: z.array(z.string()),
  image: z.string(),
  review: z
    .object({ stars: z.number().int(), body: z.string(), status: z.enum(REVIEW_STATUSES), photos: z.number().int() })
    .nullable(),
});
export type ReviewableLine = z.infer<typeof reviewableLine>;

export const adminReview = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  stars: z.number().int(),
  body: z.string(),
  name: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  title: z.string(),
  bought: z.string(),
  href: z.string().nullable(),
  photos: z.array(reviewPhoto),
  answer: z.string().nullable(),
  createdAt: z.string(),
});
export const adminReviewList = z.object({
  reviews: z.array(adminReview),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), hidden: z.number().int() }),
});
export const reviewStatusBody = z.object({ status: z.enum(['approved', 'hidden']) }).strict();
export const reviewAnswerBody = z
  .object({
    answer: z
      .string()
      .trim()
      .max(REVIEW_MAX_CHARS)
      .refine((s) => !PLAIN.test(s), 'Plain words: no links or HTML'),
  })
  .strict();
