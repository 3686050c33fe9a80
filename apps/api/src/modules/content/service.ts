import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import {
  contentHref,
  pageState,
  type AdminContentPage,
  type ContentKind,
  type ContentPageAnswer,
  type ContentPageBody,
} from '@facet/contracts/content';
import { fillFacts, type StoreFacts } from '@facet/contracts/store-facts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { contentRepository as repo, type ContentRow } from './repository.ts';

// The policy pages and the journal: the text the store ships with (apps/api/content), replaced
// page by page by what staff save. Shown with the store's facts filled in and as sanitised HTML,
// so neither a typo'd placeholder nor a script written into a page ever reaches a shopper.

interface Source {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  body: string;
  date: string | null;
}

const ROOT = path.resolve(import.meta.dirname, '../../../content');

function parse(kind: ContentKind, slug: string, raw: string): Source {
  const meta: Record<string, string> = {};
  let body = raw;
  const m = /^---\n([\s\S]*?)\n---\n/.exec(raw);
  if (m) {
    body = raw.slice(m[0].length);
    for (const line of m[1]!.split('\n')) {
      const i = line.indexOf(':');
      if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { kind, slug, title: meta.title ?? slug, description: meta.description ?? '', body, date: meta.date ?? null };
}

let shipped: Map<string, Source> | null = null;
/** The store's original pages, read once. */
function originals(): Map<string, Source> {
  if (!shipped) {
    shipped = new Map();
    for (const kind of ['policies', 'blog'] as const)
      for (const file of readdirSync(path.join(ROOT, kind)).filter((f) => f.endsWith('.md'))) {
        const slug = file.slice(0, -3);
        shipped.set(`${kind}/${slug}`, parse(kind, slug, readFileSync(path.join(ROOT, kind, file), 'utf8')));
      }
  }
  return shipped;
}

const OWN_IMAGE = /^\/api\/media\/photo\/[A-Za-z0-9_-]{16}-(small|large)\.(webp|avif)$/;

/** Markdown → HTML shoppers may be shown: text, structure, links and images; no script, style or handler. */
export function safeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), {
    allowedTags: [
      ...['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre'],
      ...['a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
    ],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'loading', 'decoding'] },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    // The page's title is its one first-level heading (the page draws it): the text's own are one down.
    transformTags: {
      h1: 'h2',
      // An image is the store's own (an uploaded one) or from an https address; any other address is dropped.
      img: (tagName, attribs) => {
        const { src = '', ...rest } = attribs;
        const ok = OWN_IMAGE.test(src) || src.startsWith('https://');
        return { tagName, attribs: { ...(ok ? { src } : {}), ...rest, loading: 'lazy', decoding: 'async' } };
      },
    },
  });
}

/**
 * A page's text as shown under its title: a first line repeating the title as a heading is left
 * out (the store's own texts begin so), so a page never says its title twice nor has two titles.
 */
export function bodyHtml(title: string, markdown: string): string {
  const first = /^\s*#\s+(.+?)\s*#*\s*(\n|$)/.exec(markdown);
  const same = first && first[1]!.trim().toLowerCase() === title.trim().toLowerCase();
  return safeHtml(same ? markdown.slice(first[0].length) : markdown);
}

const merged = async (db: DbOrTx, kind?: ContentKind): Promise<Array<Source & Partial<ContentRow>>> => {
  const rows = await repo.list(db, kind);
  const byKey = new Map<string, Source & Partial<ContentRow>>();
  for (const s of originals().values()) if (!kind || s.kind === kind) byKey.set(`${s.kind}/${s.slug}`, s);
  for (const r of rows) byKey.set(`${r.kind}/${r.slug}`, r);
  return [...byKey.values()];
};

/**
 * When the words a shopper reads last changed: the page's last save, or the settings' when the
 * page quotes them (a return window in a policy) and they were saved later; null when neither was
 * ever saved (the store's first words stand, with no date to claim).
 */
function lastChange(p: Source & Partial<ContentRow>, factsSavedAt: string | null): string | null {
  const own = p.updatedAt ? p.updatedAt.toISOString() : null;
  const quotes = /\{\{\w+\}\}/.test(p.body) || /\{\{\w+\}\}/.test(p.title);
  const facts = quotes ? factsSavedAt : null;
  return own && facts ? (own > facts ? own : facts) : (own ?? facts);
}

const shown = (p: Source & Partial<ContentRow>, facts: StoreFacts, factsSavedAt: string | null): ContentPageAnswer => ({
  slug: p.slug,
  title: fillFacts(p.title, facts),
  description: fillFacts(p.description, facts),
  date: p.date,
  updatedAt: lastChange(p, factsSavedAt),
  html: bodyHtml(fillFacts(p.title, facts), fillFacts(p.body, facts)),
});

/** A page as shoppers read it, or null. */
export async function contentPage(
  db: DbOrTx,
  facts: StoreFacts,
  kind: ContentKind,
  slug: string,
  factsSavedAt: string | null = null,
) {
  const page = (await repo.one(db, kind, slug)) ?? originals().get(`${kind}/${slug}`) ?? null;
  return page && readable(page) ? shown(page, facts, factsSavedAt) : null;
}

/** Whether shoppers may read it now (the store's own pages always). */
const readable = (p: Source & Partial<ContentRow>, now = Date.now()) =>
  pageState({ hidden: p.hidden ?? false, draft: p.draft ?? false, publishAt: p.publishAt ?? null }, now) ===
  'published';

/** The next moment a scheduled post becomes readable (null: none waiting): answers kept before it are dropped then. */
export const nextPublishAt = async (db: DbOrTx) => (await repo.nextPublishAt(db))?.getTime() ?? null;

/** The journal's posts, newest first (no bodies). */
export async function contentList(db: DbOrTx, facts: StoreFacts, kind: ContentKind) {
  const now = Date.now();
  return (await merged(db, kind))
    .filter((p) => readable(p, now))
    .map((p) => ({
      slug: p.slug,
      title: fillFacts(p.title, facts),
      description: fillFacts(p.description, facts),
      date: p.date,
    }))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title));
}

const forStaff = (p: Source & Partial<ContentRow>): AdminContentPage => ({
  kind: p.kind,
  slug: p.slug,
  title: p.title,
  description: p.description,
  body: p.body,
  date: p.date,
  version: p.version ?? 0,
  hidden: p.hidden ?? false,
  draft: p.draft ?? false,
  publishAt: p.publishAt ? p.publishAt.toISOString() : null,
  state: pageState({ hidden: p.hidden ?? false, draft: p.draft ?? false, publishAt: p.publishAt ?? null }),
  deletable: !originals().has(`${p.kind}/${p.slug}`),
  updatedAt: p.updatedAt ? p.updatedAt.toISOString() : null,
  updatedBy: p.updatedBy ?? null,
  href: contentHref(p.kind, p.slug),
});

export async function pagesForStaff(db: DbOrTx) {
  // Policies first (a handful, always there), then the journal newest first.
  const rank = (k: ContentKind) => (k === 'policies' ? 0 : 1);
  return (await merged(db))
    .map(forStaff)
    .map(({ body: _b, ...p }) => p)
    .sort(
      (a, b) =>
        rank(a.kind) - rank(b.kind) || (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title),
    );
}

export async function pageForStaff(db: DbOrTx, kind: ContentKind, slug: string): Promise<AdminContentPage> {
  const page = (await repo.one(db, kind, slug)) ?? originals().get(`${kind}/${slug}`);
  if (!page) throw new NotFound('There is no such page.');
  return forStaff(page);
}

/** Every placeholder must be a store fact: a typo is refused here, never printed to a shopper. */
function checkFacts(body: Pick<ContentPageBody, 'title' | 'description' | 'body'>, facts: StoreFacts) {
  const errors: Record<string, string> = {};
  for (const field of ['title', 'description', 'body'] as const)
    try {
      fillFacts(body[field], facts);
    } catch (err) {
      errors[field] = `${(err as Error).message}: use one of the placeholders listed beside the editor.`;
    }
  if (Object.keys(errors).length) throw new Validation(Object.values(errors)[0]!, errors);
}

export function previewPage(facts: StoreFacts, body: { title: string; body: string }) {
  checkFacts({ ...body, description: '' }, facts);
  const title = fillFacts(body.title, facts);
  return { title, html: bodyHtml(title, fillFacts(body.body, facts)) };
}

export async function savePage(
  db: Database['db'],
  facts: StoreFacts,
  actor: Actor,
  kind: ContentKind,
  slug: string,
  body: ContentPageBody,
): Promise<AdminContentPage> {
  checkFacts(body, facts);
  // The policy pages are fixed addresses of the store; the journal takes new posts.
  if (kind === 'policies' && !originals().has(`policies/${slug}`)) throw new NotFound('There is no such policy page.');
  return db.transaction(async (tx) => {
    const before: (Source & Partial<ContentRow>) | null =
      (await repo.one(tx, kind, slug, true)) ?? originals().get(`${kind}/${slug}`) ?? null;
    const { version, ...page } = body;
    const saved = await repo.save(
      tx,
      {
        kind,
        slug,
        ...page,
        date: kind === 'blog' ? postDate(page, before, facts.timezone) : null,
        // A policy page is part of the store: never a draft, never waiting.
        draft: kind === 'blog' && page.draft,
        publishAt: kind === 'blog' && page.publishAt ? new Date(page.publishAt) : null,
        hidden: before !== null && 'hidden' in before && before.hidden === true,
        updatedBy: actor.email,
      },
      version,
    );
    if (!saved)
      throw new Conflict('This page was changed by someone else since you opened it. Reload it and try again.');
    await audit(
      tx,
      actor,
      'content.save',
      'content_page',
      `${kind}/${slug}`,
      before && {
        title: before.title,
        body: before.body,
        draft: before.draft ?? false,
        publishAt: before.publishAt?.toISOString() ?? null,
      },
      {
        title: saved.title,
        body: saved.body,
        draft: saved.draft,
        publishAt: saved.publishAt?.toISOString() ?? null,
      },
    );
    return forStaff(saved);
  });
}

/**
 * A post is dated the day it first appears, on the store's calendar: a scheduled one, the day of its
 * moment; one published now from a draft or a schedule, today; a new one, or one already out, keeps
 * the date staff give it (a post brought from elsewhere keeps its own).
 */
function postDate(
  page: Pick<ContentPageBody, 'date' | 'draft' | 'publishAt'>,
  before: (Source & Partial<ContentRow>) | null,
  timezone: string,
): string | null {
  const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
  if (page.draft) return page.date;
  if (page.publishAt && new Date(page.publishAt).getTime() > Date.now()) return day(new Date(page.publishAt));
  const waiting =
    before !== null &&
    pageState({ hidden: false, draft: before.draft ?? false, publishAt: before.publishAt ?? null }) !== 'published';
  return waiting ? day(new Date()) : page.date;
}

const CHANGED = 'This page was changed by someone else since you opened it. Reload it and try again.';

/** A journal post taken off the journal (its page not found, out of the list and the sitemap), or put back. */
export async function setPostHidden(
  db: Database['db'],
  actor: Actor,
  kind: ContentKind,
  slug: string,
  version: number,
  hidden: boolean,
): Promise<AdminContentPage> {
  if (kind !== 'blog') throw new Conflict('A policy page is part of the store: change its text instead.');
  return db.transaction(async (tx) => {
    const page: (Source & Partial<ContentRow>) | undefined =
      (await repo.one(tx, kind, slug, true)) ?? originals().get(`${kind}/${slug}`);
    if (!page) throw new NotFound('There is no such page.');
    const { title, description, body, date } = page;
    const draft = page.draft ?? false;
    const publishAt = page.publishAt ?? null;
    const saved = await repo.save(
      tx,
      { kind, slug, title, description, body, date, hidden, draft, publishAt, updatedBy: actor.email },
      version,
    );
    if (!saved) throw new Conflict(CHANGED);
    await audit(tx, actor, hidden ? 'content.hide' : 'content.show', 'content_page', `${kind}/${slug}`, null, {
      hidden,
    });
    return forStaff(saved);
  });
}

/** A post written in the back office, deleted; one the store shipped with can only be taken off the journal. */
export async function deletePost(db: Database['db'], actor: Actor, kind: ContentKind, slug: string, version: number) {
  if (kind !== 'blog' || originals().has(`${kind}/${slug}`))
    throw new Conflict('This page came with the store: take it off the journal instead.');
  await db.transaction(async (tx) => {
    const gone = await repo.remove(tx, kind, slug, version);
    if (!gone) throw new Conflict(CHANGED);
    await audit(
      tx,
      actor,
      'content.delete',
      'content_page',
      `${kind}/${slug}`,
      { title: gone.title, body: gone.body },
      null,
    );
  });
}
