import { z } from 'zod';

// Words staff edit in the back office — the policy pages and the journal's posts — and the pages
// shoppers read. Staff write Markdown with store facts as `{{placeholders}}` (filled when the page
// is shown, so a changed setting reaches every page); the HTML shoppers get is sanitised.

export const CONTENT_KINDS = ['policies', 'blog'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABELS: Record<ContentKind, string> = { policies: 'Policy page', blog: 'Journal post' };
export const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_BODY_MAX = 60_000;

/** A page as shoppers get it: placeholders filled, HTML sanitised. */
export const contentPageAnswer = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string().nullable(),
  /** When what the shopper reads last changed (the page saved, or the store facts it quotes); null: never edited. */
  updatedAt: z.string().nullable(),
  html: z.string(),
});
export type ContentPageAnswer = z.infer<typeof contentPageAnswer>;
/** GET /api/content/blog: the posts, newest first (no bodies). */
export const contentList = z.array(contentPageAnswer.omit({ html: true, updatedAt: true }));

export const contentParams = z
  .object({
    kind: z.enum(CONTENT_KINDS),
    slug: z.string().regex(CONTENT_SLUG, 'Lowercase letters, digits and dashes, like ring-care').max(80),
  })
  .strict();

/** PUT /api/admin/content/:kind/:slug: the page as staff wrote it, and the version they read (0: a new post). */
export const contentPageBody = z
  .object({
    version: z.number().int().min(0),
    title: z.string().trim().min(1, 'Write the title').max(120),
    description: z.string().trim().min(1, 'Write a sentence for search results and links').max(300),
    body: z.string().trim().min(1, 'Write the page').max(CONTENT_BODY_MAX, 'At most 60,000 characters'),
    date: z.iso.date('A date like 2026-11-25').nullable(),
    /** A post: kept from shoppers while it is written. */
    draft: z.boolean().default(false),
    /** A post: shown to shoppers from this moment (null: at once). */
    publishAt: z.iso.datetime({ offset: true, message: 'A date and time' }).nullable().default(null),
  })
  .strict();
export type ContentPageBody = z.infer<typeof contentPageBody>;

/** One page in the back office: its source, where it came from, and the page as shoppers will see it. */
export const adminContentPage = z.object({
  kind: z.enum(CONTENT_KINDS),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  date: z.string().nullable(),
  /** 0: the store's original text, never edited. */
  version: z.number().int(),
  /** Taken off the journal: shoppers cannot read it. */
  hidden: z.boolean(),
  draft: z.boolean(),
  publishAt: z.string().nullable(),
  /** Where it stands for shoppers: written, waiting for its moment, readable, or taken off. */
  state: z.enum(['draft', 'scheduled', 'published', 'hidden']),
  /** Written in the back office (not one the store shipped with): it can be deleted. */
  deletable: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Where shoppers read it. */
  href: z.string(),
});
export type AdminContentPage = z.infer<typeof adminContentPage>;
export const adminContentList = z.array(adminContentPage.omit({ body: true }));

/** Whether shoppers may read a page now: not a draft, not taken off, and its moment (if any) come. */
export function pageState(
  p: { hidden: boolean; draft: boolean; publishAt: string | Date | null },
  now = Date.now(),
): AdminContentPage['state'] {
  if (p.hidden) return 'hidden';
  if (p.draft) return 'draft';
  if (p.publishAt !== null && new Date(p.publishAt).getTime() > now) return 'scheduled';
  return 'published';
}

/** POST /api/admin/content/preview: what a body would look like (filled and sanitised), before saving. */
export const contentPreviewBody = contentPageBody.pick({ title: true, body: true }).strict();
export const contentPreview = z.object({ title: z.string(), html: z.string() });

export const contentHref = (kind: ContentKind, slug: string) => (kind === 'blog' ? `/blog/${slug}` : `/${slug}`);

/** POST /api/admin/content/blog/:slug/visibility: a post taken off the journal, or put back. */
export const contentVisibilityBody = z.object({ version: z.number().int().min(0), hidden: z.boolean() }).strict();

/** An image uploaded for pages (a post's picture, the home page's first screen). */
export const contentImage = z.object({
  key: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  small: z.string(),
  large: z.string(),
  /** What to paste into a page's Markdown to show it. */
  markdown: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type ContentImage = z.infer<typeof contentImage>;
export const contentImageParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16}$/) }).strict();
