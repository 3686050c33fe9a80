import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SAVED_SEARCH_FULL,
  SAVED_SEARCH_MAX,
  describeSearch,
  filtersOf,
  parseFilters,
  queryOf,
  type SavedSearch,
  type SearchFilters,
} from '@facet/contracts/saved-search';
import type { DiamondQuery } from '@facet/contracts/catalog';
import { diamondName } from '@facet/contracts/stone-names';
import { paths } from '@facet/contracts/paths';
import type { Db } from '../../db/client.ts';
import { NotFound, Unprocessable, Validation } from '../../errors.ts';
import { hashToken, newToken } from '../../secrets.ts';
import { storeInfo } from '../../store-facts.ts';
import type { AccountDeps } from '../account/index.ts';
import { matchStones } from '../catalog/index.ts';
import { enqueueMail, unsubscribeLinks } from '../mail/index.ts';
import { alertMails, type DigestSection } from './mail.ts';
import { savedSearchRepository as repo, type NewHit, type SearchRow } from './repository.ts';
import { caratOf } from '@facet/contracts/carats';

export const SEARCH_CONFIRM_SENT =
  'Almost there: confirm the alert from the e-mail we just sent, and we will write when a stone matches.';
export const SEARCH_CONFIRMED = 'Your diamond alert is on. We will write when a new stone matches, at most once a day.';
export const SEARCH_SAVED = 'Search saved. We will e-mail you when a new stone matches, at most once a day.';
export const UNSUBSCRIBED = 'You will get no more alerts for this search.';
const NOT_YOURS = 'We could not find that saved search.';
/** Stones kept to list per search and run; the rest are counted ("and 40 more"). */
const LIST_MAX = 10;

const toDto = (r: SearchRow): SavedSearch => ({
  id: r.id,
  label: r.label,
  query: queryOf(r.filters as SearchFilters),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  lastDigestAt: r.lastDigestAt?.toISOString() ?? null,
});

/** The filters of a /diamonds query string, checked as the diamond search checks them. */
function readFilters(query: string): { filters: SearchFilters; q: DiamondQuery } {
  const filters = filtersOf(query);
  let q: DiamondQuery;
  try {
    q = parseFilters(filters);
  } catch {
    throw new Validation('These filters do not look right. Reset the search and try again.');
  }
  if (!Object.keys(filters).length)
    throw new Validation('Choose at least one filter (a shape, a carat range, a price) to save a search.');
  return { filters, q };
}

/**
 * Saves the /diamonds filters. Signed in: on at once, alerts to the account's address. A guest:
 * waits for the confirmation link e-mailed to the address given (double opt-in), and the answer
 * is the same whether or not the address is known.
 */
export async function saveSearch(
  deps: AccountDeps,
  who: { userId: number; email: string } | { email: string },
  query: string,
): Promise<{ message: string; search: SavedSearch | null }> {
  const { filters, q } = readFilters(query);
  const label = describeSearch(q);
  if ('userId' in who) {
    if ((await repo.countFor(deps.db, { userId: who.userId })) >= SAVED_SEARCH_MAX)
      throw new Unprocessable(SAVED_SEARCH_FULL);
    const row = await repo.insert(deps.db, { userId: who.userId, email: who.email, filters, label, status: 'active' });
    return { message: SEARCH_SAVED, search: toDto(row) };
  }
  // A guest at the cap gets the same answer and no mail: the form tells nobody what an address holds.
  if ((await repo.countFor(deps.db, { email: who.email })) >= SAVED_SEARCH_MAX)
    return { message: SEARCH_CONFIRM_SENT, search: null };
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await repo.insert(tx, { email: who.email, filters, label, status: 'pending', confirmTokenHash: hashToken(token) });
    const store = storeInfo(deps.settings.current(), deps.config);
    await enqueueMail(tx, {
      kind: 'search-confirm',
      to: who.email,
      ...alertMails.searchConfirm(store, label, `${store.publicUrl}/saved-searches/confirm/${token}`),
    });
  });
  void deps.outbox.kick();
  return { message: SEARCH_CONFIRM_SENT, search: null };
}

export async function confirmSearch(db: Db, token: string): Promise<{ message: string }> {
  if (!(await repo.confirm(db, hashToken(token))))
    throw new Validation('This confirmation link is invalid or was already used.');
  return { message: SEARCH_CONFIRMED };
}

export const listSearches = async (db: Db, userId: number) => (await repo.forUser(db, userId)).map(toDto);

/** New filters (matches count from now: older stones were in the results) or pause / resume. */
export async function updateSearch(
  db: Db,
  userId: number,
  id: number,
  patch: { query?: string; status?: 'active' | 'paused' },
): Promise<SavedSearch> {
  const current = await repo.byId(db, id);
  if (!current || current.userId !== userId) throw new NotFound(NOT_YOURS);
  return db.transaction(async (tx) => {
    const next: Parameters<typeof repo.update>[3] = {};
    if (patch.query !== undefined) {
      const { filters, q } = readFilters(patch.query);
      Object.assign(next, { filters, label: describeSearch(q), watchFromNow: true, moreFound: 0 });
      await repo.dropUnsentHits(tx, id);
    }
    if (patch.status) {
      next.status = patch.status;
      // Resumed: what changed while it was paused is not news to catch up on.
      if (patch.status === 'active' && current.status === 'paused') next.watchFromNow = true;
    }
    return toDto((await repo.update(tx, id, userId, next))!);
  });
}

export async function deleteSearch(db: Db, userId: number, id: number): Promise<SavedSearch[]> {
  if (!(await repo.remove(db, id, userId))) throw new NotFound(NOT_YOURS);
  return listSearches(db, userId);
}

// --- Unsubscribe links: signed, so they work without signing in and cannot be made for another's search ---

const keyOf: WeakMap<object, Promise<Buffer>> = new WeakMap();
async function signingKey(db: Db): Promise<Buffer> {
  let k = keyOf.get(db);
  if (!k) {
    k = repo.signingKey(db, randomBytes(32).toString('base64url')).then((v) => Buffer.from(v, 'base64url'));
    keyOf.set(db, k);
    k.catch(() => keyOf.delete(db));
  }
  return k;
}
const signature = (key: Buffer, id: number) =>
  createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url');
const unsubscribeUrl = (key: Buffer, publicUrl: string, id: number) =>
  `${publicUrl}/saved-searches/unsubscribe/${id}/${signature(key, id)}`;
export async function unsubscribe(db: Db, id: number, sig: string): Promise<{ message: string }> {
  const good = Buffer.from(signature(await signingKey(db), id));
  const given = Buffer.from(sig);
  if (good.length !== given.length || !timingSafeEqual(good, given))
    throw new Validation('This unsubscribe link is not valid. Use the link in the latest alert.');
  await repo.remove(db, id, null);
  // Already gone (clicked twice) is the same outcome.
  return { message: UNSUBSCRIBED };
}

// --- Matching: after catalogue changes, as a background job ---

export interface MatchOutcome {
  stones: number;
  searches: number;
  hits: number;
}

/**
 * Matches the stones written since the last run against every active search, in one transaction
 * that holds the run's watermark (so runs on two instances take turns and none is lost). A stone
 * is news to a search when it came on sale, or its price fell, after the search was saved.
 */
export async function matchSavedSearches(db: Db): Promise<MatchOutcome> {
  return db.transaction(async (tx) => {
    const since = await repo.lockWatermark(tx);
    const now = await repo.snapshot(tx);
    if (since === null) return { stones: 0, searches: 0, hits: 0 };
    const searches = (await repo.activeSearches(tx)).flatMap((s) => {
      try {
        return [{ ...s, q: parseFilters(s.filters as SearchFilters) }];
      } catch {
        return [];
      }
    });
    if (!searches.length) {
      await repo.setWatermark(tx, now);
      return { stones: 0, searches: 0, hits: 0 };
    }
    const stones = await repo.changedSince(tx, since);
    // Millions of (search, stone) pairs can match in a big import: the loop reads typed arrays only.
    let maxId = 0;
    for (const d of stones) if (d.id > maxId) maxId = d.id;
    const at = new Int32Array(maxId + 1);
    const listedAt = new Float64Array(maxId + 1);
    const cutAt = new Float64Array(maxId + 1);
    stones.forEach((d, i) => {
      at[d.id] = i;
      listedAt[d.id] = d.listedAt;
      cutAt[d.id] = d.priceDroppedAt ?? 0;
    });
    const watchFrom = Float64Array.from(searches, (s) => s.watchFrom);
    const kept = new Int32Array(searches.length);
    const moreN = new Int32Array(searches.length);
    const hits: NewHit[] = [];
    matchStones(
      stones,
      searches.map((s) => s.q),
      (qi, id) => {
        const from = watchFrom[qi]!;
        // At or after: the embedded database's clock ticks in whole milliseconds, so a stone listed
        // just after the search was saved can carry the same time (and a miss would be for good).
        const listed = listedAt[id]! >= from;
        if (!listed && !(cutAt[id]! >= from)) return;
        if (kept[qi]! >= LIST_MAX) {
          moreN[qi]!++;
          return;
        }
        kept[qi]!++;
        const d = stones[at[id]!]!;
        hits.push({
          searchId: searches[qi]!.id,
          diamondId: id,
          kind: listed ? 'new' : 'price_drop',
          priceCents: d.priceCents,
          previousCents: listed ? null : d.priceBeforeDropCents,
        });
      },
    );
    const more = new Map<number, number>();
    moreN.forEach((n, qi) => n && more.set(searches[qi]!.id, n));
    for (let i = 0; i < hits.length; i += 5000) await repo.addHits(tx, hits.slice(i, i + 5000));
    await repo.addMoreFound(tx, more);
    await repo.setWatermark(tx, now);
    return { stones: stones.length, searches: searches.length, hits: hits.length };
  });
}

// --- Digests: at most one e-mail a day per address ---

/** Sends every due digest; answers how many were sent. */
export async function sendDigests(deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>): Promise<number> {
  const store = storeInfo(deps.settings.current(), deps.config);
  // Read before any transaction: on the embedded database a query outside one waits for it.
  const key = await signingKey(deps.db);
  let sent = 0;
  for (const to of await repo.dueRecipients(deps.db)) {
    const mailed = await deps.db.transaction(async (tx) => {
      const rows = await repo.searchesOf(tx, to);
      // Another instance sent it while this one waited for the lock.
      if (rows.some((r) => r.search.lastDigestAt && Date.now() - r.search.lastDigestAt.getTime() < 86_400_000))
        return false;
      const lines = await repo.unsentLines(
        tx,
        rows.map((r) => r.search.id),
      );
      const told: Array<{ searchId: number; diamondId: number; priceCents: number }> = [];
      const sections: DigestSection[] = [];
      for (const { search } of rows) {
        const mine = lines.filter(
          (l) =>
            l.searchId === search.id &&
            l.status === 'available' &&
            // A cut that a rise has since undone is not news.
            (l.kind === 'new' || (l.previousCents !== null && l.priceCents < l.previousCents)),
        );
        if (!mine.length) continue;
        const shown = mine.slice(0, LIST_MAX);
        told.push(...shown.map((l) => ({ searchId: search.id, diamondId: l.diamondId, priceCents: l.priceCents })));
        const query = queryOf(search.filters as SearchFilters);
        sections.push({
          label: search.label,
          stones: shown.map((l) => ({
            name: diamondName({ ...l, carat: caratOf(l.caratPoints) }),
            detail: `${l.cut} cut · ${l.lab} · stock no. ${l.serial}`,
            url: `${store.publicUrl}${paths.diamondOf({ ...l, id: l.diamondId })}`,
            priceCents: l.priceCents,
            wasCents: l.kind === 'price_drop' ? l.previousCents : null,
          })),
          more: mine.length - shown.length + search.moreFound,
          searchUrl: `${store.publicUrl}/diamonds?${query}${query ? '&' : ''}sort=newest`,
          unsubscribeUrl: unsubscribeUrl(key, store.publicUrl, search.id),
        });
      }
      // Nothing left to tell (every stone sold meanwhile): the news is dropped and the day not used up.
      await repo.markSent(
        tx,
        rows.map((r) => r.search.id),
        told,
        sections.length > 0,
      );
      if (!sections.length) return false;
      const account = rows.some((r) => r.search.userId !== null);
      // A mail program's one-click unsubscribe stops the store's refusable e-mails to this address
      // (alerts among them); each search's own link in the body stops just that one.
      await enqueueMail(tx, {
        kind: 'search-digest',
        to,
        ...alertMails.searchDigest(store, rows[0]!.firstName, sections, account ? `${store.publicUrl}/profile` : null),
        unsubscribe: await unsubscribeLinks(tx, store.publicUrl, to),
      });
      return true;
    });
    if (mailed) sent++;
  }
  if (sent) void deps.outbox.kick();
  return sent;
}
