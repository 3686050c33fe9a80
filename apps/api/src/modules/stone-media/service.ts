import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/index.ts';
import { fetchFeedImage } from '../feeds/index.ts';
import { stonePhotos } from '../inventory/index.ts';
import { makePhotoSizes, putPhotoFiles, removePhotoFiles, type MediaStore } from '../media-store/index.ts';
import { stoneMediaRepository as repo, type MediaAsk } from './repository.ts';

// A supplier's stone photographs, fetched after its feed is imported, in the background: never
// while a shopper waits, a few at a time on each instance, retried when the image server had a
// bad moment, and given up with the reason the import's report shows (the stone keeps its drawing).

export const STONE_MEDIA_QUEUE = 'stone-media';
export const MEDIA_RETRIES = 2;
const ASK_PAGE = 1_000;
const FAILURES_LISTED = 200;

/** Marks the supplier's stones whose feed photograph changed as waiting, and queues a job for each. */
export async function askStoneMedia(db: Db, boss: JobQueue, supplier: string, runId: string): Promise<number> {
  let asked = 0;
  for (let after = 0; ;) {
    const page = await db.transaction((tx) => repo.askPage(tx, supplier, runId, after, ASK_PAGE));
    if (!page.length) return asked;
    await boss.insert(
      STONE_MEDIA_QUEUE,
      page.map((p) => ({
        data: { kind: 'diamond', id: p.id, url: p.url } satisfies MediaAsk,
        singletonKey: `diamond:${p.id}:${p.url}`,
      })),
    );
    asked += page.length;
    after = page.at(-1)!.id;
    if (page.length < ASK_PAGE) return asked;
  }
}

/** A failure worth another try: the server was slow, down or busy (a refusal or a bad image is final). */
const passing = (reason: string) => /timed out|answered 5\d\d|answered 429|could not be fetched/.test(reason);

/**
 * Fetches one stone's photograph (under the feed's fetch rules) and puts it on the stone. Throws
 * on a passing failure while tries are left (the queue tries again later); otherwise records why.
 */
export async function fetchStoneMedia(
  db: Db,
  media: MediaStore,
  ask: MediaAsk,
  opts: { allow: readonly string[]; lastTry: boolean; pace?: () => Promise<void> },
): Promise<'ready' | 'failed' | 'stale'> {
  if (!(await db.transaction((tx) => repo.stillWaiting(tx, ask)))) return 'stale';
  const img = await fetchFeedImage(ask.url, opts.allow);
  if (!img.ok && passing(img.reason) && !opts.lastTry) throw new Error(`${ask.url}: ${img.reason}`);
  const stone = await repo.serial(db, ask.id);
  // Every size and format is made here, in the background, so no shopper's request makes one.
  if (img.ok) {
    await putPhotoFiles(media, img.photo);
    await makePhotoSizes(media, img.photo.key, opts.pace);
  }
  let replaced: string[] = [];
  const outcome = await db.transaction(async (tx) => {
    if (!(await repo.stillWaiting(tx, ask))) return 'stale';
    if (!img.ok) {
      await repo.finish(tx, ask, 'failed', sentence(img.reason));
      return 'failed';
    }
    replaced = await stonePhotos.putFeedPhoto(tx, ask, {
      ...img.photo,
      alt: `${stone?.shape ?? 'The'} diamond ${stone?.serial ?? ''}`.trim(),
    });
    await repo.finish(tx, ask, 'ready', null);
    return 'ready';
  });
  if (outcome === 'stale' && img.ok) replaced = [img.photo.key];
  await removePhotoFiles(media, replaced);
  return outcome;
}

/** A fetch's reason as the import's page says it. */
function sentence(reason: string) {
  const r = reason.startsWith('refused: ')
    ? `The link was refused: ${reason.slice(9)}`
    : /^[A-Z]/.test(reason)
      ? reason
      : reason.startsWith('the ')
        ? `T${reason.slice(1)}`
        : `The image ${reason}`;
  return r.endsWith('.') ? r : `${r}.`;
}

/** What the import's report says of its photographs. */
export async function mediaOfRun(db: Db, runId: string) {
  const { counts, failures } = await repo.ofRun(db, runId, FAILURES_LISTED);
  const n = (state: string) => counts.find((c) => c.state === state)?.n ?? 0;
  return { waiting: n('waiting'), ready: n('ready'), failed: n('failed'), failures };
}
