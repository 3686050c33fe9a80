import { paths } from '@facet/contracts/paths';
import { metalName } from '@facet/contracts/metals';
import { photoUrl } from '@facet/contracts/photo-sizes';
import {
  REVIEW_MAX_PHOTOS,
  type ProductReviews,
  type ReviewableLine,
  type ReviewStatus,
} from '@facet/contracts/reviews';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { processPhoto, putPhotoFiles, type MediaStore } from '../media-store/index.ts';
import { orderAfterSale } from '../order/index.ts';
import { reviewsRepository as repo, type ReviewRow } from './repository.ts';

// Reviews: written by the buyer of a delivered piece (signed in, or with the delivery e-mail's
// link), one per line; approved, hidden or answered by staff; only approved ones reach a page.

type Who = { userId: number | null; token: string | null };
const REVIEWABLE = new Set(['product', 'configured']);
export const NOT_DELIVERED = 'You can review your pieces once they are delivered.';
export const REVIEWED = 'You have already reviewed this piece. Thank you.';

/** "Ada K.": a buyer as the page shows them. */
const shownName = (full: string) => {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first || 'A buyer';
};
/** What was bought: a configured ring's metal and size, or a piece's line as it reads, without the SKU. */
function boughtOf(line: { configuration: unknown; details: string[] }) {
  const cfg = line.configuration as { metal?: string; size?: number | null } | null;
  if (cfg?.metal) return `${metalName(cfg.metal)}${cfg.size ? `, size ${cfg.size}` : ''}`;
  return line.details
    .filter((d) => !/^SKU /.test(d))
    .join(' · ')
    .slice(0, 160);
}
const photosOut = (photos: ReviewRow['photos']) =>
  photos.map((p) => ({
    small: photoUrl(p.key, 'small'),
    large: photoUrl(p.key, 'large'),
    width: p.width,
    height: p.height,
  }));

async function deliveredOrder(db: Db, number: string, who: Who) {
  const o = await orderAfterSale.forCustomer(db, number, who);
  if (o.status !== 'delivered') throw new Conflict(NOT_DELIVERED);
  return o;
}

/** The order's delivered pieces and the buyer's review of each, if written. */
export async function reviewableLines(db: Db, number: string, who: Who): Promise<ReviewableLine[]> {
  const o = await deliveredOrder(db, number, who);
  const [lines, written] = await Promise.all([orderAfterSale.lines(db, o.id), repo.ofOrder(db, o.id)]);
  return lines
    .filter((l) => REVIEWABLE.has(l.kind))
    .map((l) => {
      const r = written.find((w) => w.orderLineId === l.id);
      return {
        lineId: l.id,
        title: l.title,
        details: l.details.filter((d) => !/^SKU /.test(d)),
        image: l.image,
        review: r ? { stars: r.stars, body: r.body, status: r.status, photos: r.photos.length } : null,
      };
    });
}

/** A review written: kept waiting for staff, its photographs re-encoded (metadata gone) into the media store. */
export async function writeReview(
  deps: { db: Db; media: MediaStore },
  number: string,
  who: Who,
  lineId: number,
  form: { stars: number; body: string; photos: Buffer[] },
): Promise<ReviewableLine[]> {
  const o = await deliveredOrder(deps.db, number, who);
  const line = (await orderAfterSale.lines(deps.db, o.id)).find((l) => l.id === lineId);
  if (!line || !REVIEWABLE.has(line.kind)) throw new NotFound('There is no such piece on this order to review.');
  const groupId = await repo.groupOfLine(deps.db, line.kind, line.refId);
  if (groupId === null) throw new NotFound('This piece is no longer in the store to review.');
  if (form.photos.length > REVIEW_MAX_PHOTOS)
    throw new Validation(`At most ${REVIEW_MAX_PHOTOS} photographs.`, { photos: 'Too many' });
  const photos = await Promise.all(form.photos.map((p) => processPhoto(p)));
  await deps.db.transaction(async (tx) => {
    const made = await repo.insert(tx, {
      orderLineId: line.id,
      orderId: o.id,
      groupId,
      userId: o.userId,
      email: o.email,
      name: shownName(o.shippingAddress.name),
      stars: form.stars,
      body: form.body,
      bought: boughtOf(line),
      photos: photos.map((p) => ({ key: p.key, width: p.width, height: p.height })),
    });
    if (!made) throw new Conflict(REVIEWED);
    for (const p of photos) await putPhotoFiles(deps.media, p, tx);
  });
  return reviewableLines(deps.db, number, who);
}

/** A design's approved reviews (newest first, the latest 20) with their count and average. */
export async function reviewsOf(db: Db, groupId: number): Promise<ProductReviews> {
  const [summary, rows] = await Promise.all([repo.summary(db, groupId), repo.shown(db, groupId, 20)]);
  return {
    average: summary.count ? summary.average : null,
    count: summary.count,
    reviews: rows.map((r) => ({
      id: r.id,
      name: r.name,
      stars: r.stars,
      body: r.body,
      bought: r.bought,
      photos: photosOut(r.photos),
      answer: r.answer,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

// --- Staff ---

export async function reviewsForStaff(db: Db, status: ReviewStatus | null) {
  const [rows, counts] = await Promise.all([repo.forStaff(db, status, 200), repo.counts(db)]);
  const designs = new Map<number, string | null>();
  for (const r of rows)
    if (!designs.has(r.groupId)) {
      const d = await repo.designOf(db, r.groupId);
      designs.set(r.groupId, d?.productId ? paths.product({ ...d, groupId: r.groupId, productId: d.productId }) : null);
    }
  const n = (s: ReviewStatus) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      status: r.status,
      stars: r.stars,
      body: r.body,
      name: r.name,
      email: r.email,
      orderNumber: r.orderNumber,
      title: r.title,
      bought: r.bought,
      href: designs.get(r.groupId) ?? null,
      photos: photosOut(r.photos),
      answer: r.answer,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    counts: { pending: n('pending'), approved: n('approved'), hidden: n('hidden') },
  };
}

/** Approved (shown on the piece's page) or hidden (never shown); audited before → after. */
export async function setReviewStatus(db: Db, actor: Actor, id: number, status: 'approved' | 'hidden') {
  await db.transaction(async (tx) => {
    const r = await repo.lock(tx, id);
    if (!r) throw new NotFound('There is no such review.');
    if (r.status === status) return;
    await repo.setStatus(tx, id, status);
    await audit(
      tx,
      actor,
      `review.${status === 'approved' ? 'approve' : 'hide'}`,
      'review',
      id,
      { status: r.status },
      { status },
    );
  });
  return reviewsForStaff(db, null);
}

/** The store's answer under the review (empty: none), shown with it. */
export async function answerReview(db: Db, actor: Actor, id: number, answer: string) {
  await db.transaction(async (tx) => {
    const r = await repo.lock(tx, id);
    if (!r) throw new NotFound('There is no such review.');
    await repo.setAnswer(tx, id, answer || null, answer ? actor.email : null);
    await audit(tx, actor, 'review.answer', 'review', id, { answer: r.answer }, { answer: answer || null });
  });
  return reviewsForStaff(db, null);
}
