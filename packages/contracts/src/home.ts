import { z } from 'zod';
import { STORE_PATH_RE } from './patterns.ts';
import { photoAnswer } from './catalog.ts';

/** An image staff uploaded (Pages → Images), by its key. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{16}$/;

// The home page's first screen and its category tiles, as staff word and arrange them. Text may
// carry store facts as `{{placeholders}}` (filled when the page is shown); links go to pages of
// this store only.

/** The drawn pictures a tile can show (the store's art, one per kind of piece). */
export const TILE_PICTURES = [
  'engagement-rings',
  'wedding-bands',
  'chain-and-cords',
  'jewelry',
  'mountings',
  'findings',
  'diamonds',
  'lab-grown-diamonds',
  'gemstones',
] as const;
export type TilePicture = (typeof TILE_PICTURES)[number];
export const TILE_PICTURE_NAMES: Record<TilePicture, string> = {
  'engagement-rings': 'Halo engagement ring',
  'wedding-bands': 'Eternity band',
  'chain-and-cords': 'Rope chain',
  jewelry: 'Diamond stud',
  mountings: 'Solitaire mounting',
  findings: 'Clasp',
  diamonds: 'Round diamond',
  'lab-grown-diamonds': 'Emerald-cut diamond',
  gemstones: 'Oval sapphire',
};

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${what}`)
    .max(max, `At most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s), 'One line');
/** A page of this store ("/diamonds", "/category/12"), never another site. */
export const storeHref = z.string().trim().regex(STORE_PATH_RE, 'A page of this store, like /diamonds').max(300);
const button = z.object({ label: text(40, 'button’s words'), href: storeHref }).strict();

export const homePage = z
  .object({
    hero: z
      .object({
        eyebrow: z.string().trim().max(60, 'At most 60 characters'),
        heading: text(90, 'heading'),
        text: z.string().trim().max(300, 'At most 300 characters'),
        primary: button,
        secondary: button.nullable(),
        /** A photograph beside the words (one of the uploaded images); absent or null: the drawn ring. */
        image: z
          .object({
            key: z.string().regex(IMAGE_KEY, 'Choose one of the uploaded images'),
            alt: z.string().trim().min(1, 'Say what it shows').max(200, 'At most 200 characters'),
          })
          .strict()
          .nullable()
          .optional(),
      })
      .strict(),
    /** null: one tile per menu section, following the menu. */
    tiles: z
      .array(z.object({ label: text(40, 'tile’s name'), href: storeHref, picture: z.enum(TILE_PICTURES) }).strict())
      .min(1, 'At least one tile — or go back to one per menu section')
      .max(12, 'At most 12 tiles')
      .nullable(),
  })
  .strict();
export type HomePage = z.infer<typeof homePage>;
/** GET /api/content/home: the words, and the first screen's photograph in every size (null: the drawn ring). */
export const homeAnswer = homePage.extend({ heroPhoto: photoAnswer.nullable() });
export type HomeAnswer = z.infer<typeof homeAnswer>;

/** GET /api/admin/content/home: the words as saved (placeholders unfilled), and their version. */
export const adminHomePage = z.object({
  home: homePage,
  /** 0: the store's original words, never edited. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminHomePage = z.infer<typeof adminHomePage>;
export const homePageBody = z.object({ version: z.number().int().min(0), home: homePage }).strict();
