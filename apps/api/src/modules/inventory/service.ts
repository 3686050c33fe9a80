import type { Db } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { inventoryRepository as repo, type StoneKind, type StoneRow } from './repository.ts';

export type { StoneKind, StoneRow };
export const HOLD_MAX_DAYS = 30;

const toStone = (s: StoneRow) => ({ ...s, holdUntil: s.holdUntil ? new Date(s.holdUntil).toISOString() : null });

export const findStones = async (db: Db, text?: string) =>
  (await repo.find(db, text ? { text } : { setAside: true })).map(toStone);

type Change =
  { action: 'hold'; reason: string; until: Date } | { action: 'withdraw'; reason: string } | { action: 'release' };

/**
 * Staff take a stone off sale for a while (a customer's appointment), for good (damaged, sent back
 * to the supplier), or put it back. A stone in a live order is never touched here.
 */
export async function changeStone(db: Db, actor: Actor, kind: StoneKind, id: number, change: Change) {
  if (change.action === 'hold') {
    const days = (change.until.getTime() - Date.now()) / 86_400_000;
    if (days <= 0 || days > HOLD_MAX_DAYS)
      throw new Unprocessable(`A hold ends within ${HOLD_MAX_DAYS} days from now.`, {
        until: `Within ${HOLD_MAX_DAYS} days`,
      });
  }
  return db.transaction(async (tx) => {
    const stone = await repo.one(tx, kind, id);
    if (!stone) throw new NotFound('There is no such stone.');
    if (stone.orderNumber || stone.status === 'sold')
      throw new Conflict(`This stone belongs to order ${stone.orderNumber ?? '(sold)'}: change the order instead.`);
    const from =
      change.action === 'release'
        ? (['held', 'withdrawn'] as const)
        : change.action === 'hold'
          ? (['available', 'held'] as const)
          : (['available', 'held'] as const);
    if (!(from as readonly string[]).includes(stone.status))
      throw new Conflict(
        `A ${stone.status} stone cannot be ${change.action === 'release' ? 'put back on sale' : change.action === 'hold' ? 'held' : 'withdrawn'}.`,
      );
    const to =
      change.action === 'hold'
        ? { status: 'held' as const, holdReason: change.reason, holdUntil: change.until }
        : change.action === 'withdraw'
          ? { status: 'withdrawn' as const, holdReason: change.reason, holdUntil: null }
          : { status: 'available' as const, holdReason: null, holdUntil: null };
    if (!(await repo.setStatus(tx, kind, id, [...from], to)))
      throw new Conflict('The stone changed meanwhile. Search again.');
    await audit(
      tx,
      actor,
      `stone.${change.action}`,
      kind,
      stone.serial,
      { status: stone.status, reason: stone.holdReason },
      {
        status: to.status,
        reason: to.holdReason,
        until: to.holdUntil?.toISOString() ?? null,
      },
    );
    return toStone((await repo.one(tx, kind, id))!);
  });
}

/**
 * On every instance: expired holds go back on sale every minute, and at the moment the next one
 * ends when that comes sooner (a quote's stones are on sale again the second it expires). The
 * update is idempotent, so instances may overlap; the catalogue triggers tell every instance.
 */
export function startHoldSweeper(db: Db, log: { error: (o: object, m: string) => void }, everyMs = 60_000) {
  let next: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = async () => {
    try {
      await repo.releaseExpired(db);
      const at = await repo.nextHoldEnd(db);
      clearTimeout(next);
      const wait = at ? at.getTime() - Date.now() : Infinity;
      if (!stopped && wait < everyMs) {
        next = setTimeout(() => void sweep(), Math.max(0, wait) + 50);
        next.unref();
      }
    } catch (err) {
      log.error({ err }, 'expired stone holds were not released');
    }
  };
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  void sweep();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(next);
  };
}
export const releaseExpiredHolds = (db: Db) => repo.releaseExpired(db);
