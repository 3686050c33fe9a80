import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Words staff edit in the back office: the policy pages and the journal's posts, Markdown with
 * store facts as `{{placeholders}}`. A page not edited yet is the file the store ships with
 * (apps/api/content); a row here replaces it.
 */
export const contentPage = pgTable(
  'content_page',
  {
    kind: text('kind').$type<'policies' | 'blog'>().notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    /** A post's date (YYYY-MM-DD); null for policies. */
    date: text('date'),
    /** A post taken off the journal (its page is not found, it leaves the list and the sitemap). */
    hidden: boolean('hidden').notNull().default(false),
    /** A post being written: staff see it, shoppers do not. */
    draft: boolean('draft').notNull().default(false),
    /** A post scheduled: shoppers see it from this moment (null: as soon as it is not a draft). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    version: integer('version').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] })],
);

/**
 * An image staff uploaded for the words they write (a post's picture, the home page's first
 * screen): re-encoded and kept in the media store like a design's photographs, listed here so it
 * can be chosen again and is never removed while a page shows it.
 */
export const contentImage = pgTable('content_image', {
  key: text('key').primaryKey(),
  alt: text('alt').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
