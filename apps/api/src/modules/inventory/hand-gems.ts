import type { AdminGem, AdminMelee, HandGem, MeleeInput } from '@facet/contracts/admin-catalogue';
import { caratOf, pointsOf } from '@facet/contracts/carats';
import { paths } from '@facet/contracts/paths';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { stonePhotos } from './stone-photos.ts';
import { handGemRepository as gems, meleeRepository as melee, type GemRow, type MeleeRow } from './repository.ts';

// Notable gemstones and melee parcels the store lists by hand. Each edit carries the version its
// editor read; a stone in an order is changed from the order, never here.

const CHANGED = 'This was changed by someone else — reload to see their change, then make yours again.';

const toGem = (
  g: GemRow | null,
  types: Array<{ slug: string; name: string }>,
  photos: AdminGem['photos'] = [],
): AdminGem => ({
  id: g?.id ?? 0,
  serial: g?.serial ?? '',
  version: g?.version ?? 0,
  stone: {
    type: g?.type ?? types[0]?.slug ?? '',
    color: g?.color ?? '',
    colorHex: g?.colorHex ?? '#1f4fa0',
    shape: (g?.shape ?? 'Oval') as AdminGem['stone']['shape'],
    carat: g ? caratOf(g.caratPoints) : 0,
    lengthMm: g?.lengthMm ?? 0,
    widthMm: g?.widthMm ?? 0,
    depthMm: g?.depthMm ?? 0,
    origin: g?.origin ?? '',
    treatment: g?.treatment ?? 'None',
    agtaCertificate: g?.agtaCertificate ?? null,
    priceCents: g?.priceCents ?? 0,
    status: g?.status === 'held' ? 'held' : 'available',
    holdReason: g?.holdReason ?? null,
    videoUrl: g?.videoUrl ?? null,
  },
  currentStatus: g?.status ?? 'available',
  addedBy: g?.addedBy ?? null,
  storefrontUrl: g ? paths.stoneType(g.type) : '',
  photos,
  types,
});

async function columns(db: DbOrTx, s: HandGem, except: number | null) {
  if (!(await gems.types(db)).some((t) => t.slug === s.type))
    throw new Validation('The store does not list that kind of stone.', { type: 'Unknown kind of stone' });
  if (s.agtaCertificate) {
    const other = await gems.byReport(db, s.agtaCertificate, except);
    if (other)
      throw new Validation(`Report ${s.agtaCertificate} is already listed as stone ${other.serial}.`, {
        agtaCertificate: 'Already listed',
      });
  }
  const { carat, ...rest } = s;
  return { ...rest, caratPoints: pointsOf(carat), holdReason: s.status === 'held' ? s.holdReason : null };
}

export const newGemForm = async (db: Db) => toGem(null, await gems.types(db));

export async function gemForStaff(db: Db, id: number) {
  const g = await gems.one(db, id);
  if (!g) throw new NotFound('There is no such gemstone.');
  return toGem(g, await gems.types(db), await stonePhotos(db, 'gemstone', id));
}

export async function addGem(db: Db, actor: Actor, s: HandGem) {
  return db.transaction(async (tx) => {
    const cols = await columns(tx, s, null);
    const id = await gems.insert(tx, { ...cols, addedBy: actor.email });
    const g = (await gems.one(tx, id))!;
    await audit(tx, actor, 'stone.add', 'gemstone', g.serial, null, cols);
    return toGem(g, await gems.types(tx));
  });
}

export async function editGem(db: Db, actor: Actor, id: number, version: number, s: HandGem) {
  return db.transaction(async (tx) => {
    const was = await gems.one(tx, id, true);
    if (!was) throw new NotFound('There is no such gemstone.');
    if (was.version !== version) throw new Conflict(CHANGED);
    if (was.status !== 'available' && was.status !== 'held')
      throw new Conflict(`A ${was.status} stone cannot be edited: it belongs to an order, or is off sale for good.`);
    const cols = await columns(tx, s, id);
    await gems.update(tx, id, cols);
    const now = (await gems.one(tx, id))!;
    const types = await gems.types(tx);
    await audit(tx, actor, 'stone.edit', 'gemstone', was.serial, toGem(was, types).stone, toGem(now, types).stone);
    return toGem(now, types, await stonePhotos(tx, 'gemstone', id));
  });
}

// Shapes were written through the same schema (or by the seed, from the same list).
const toMelee = (m: MeleeRow) => m as AdminMelee;
/** A parcel's SKU, in the seeded ones' pattern (ML-NR-1.3-GHVS). */
const skuOf = (m: MeleeInput) =>
  `ML-${m.origin === 'lab' ? 'L' : 'N'}${m.shape[0]}-${m.sizeMm.toFixed(1)}-${m.quality.replace(/\s+/g, '').toUpperCase()}`;

export const listMelee = async (db: Db) => (await melee.list(db)).map(toMelee);

export async function addMelee(db: Db, actor: Actor, m: MeleeInput) {
  return db.transaction(async (tx) => {
    const sku = skuOf(m);
    if (await melee.skuTaken(tx, sku, null))
      throw new Validation(`A parcel of this size and quality is already listed (${sku}): change its stock instead.`, {
        sizeMm: 'Already listed',
      });
    const id = await melee.insert(tx, { ...m, sku });
    await audit(tx, actor, 'melee.add', 'melee_parcel', sku, null, { ...m, sku });
    return toMelee((await melee.one(tx, id))!);
  });
}

export async function editMelee(db: Db, actor: Actor, id: number, version: number, m: MeleeInput) {
  return db.transaction(async (tx) => {
    const was = await melee.one(tx, id, true);
    if (!was) throw new NotFound('There is no such parcel.');
    if (was.version !== version) throw new Conflict(CHANGED);
    const sku = skuOf(m);
    if (await melee.skuTaken(tx, sku, id))
      throw new Validation(`Another parcel already has this size and quality (${sku}).`, { sizeMm: 'Already listed' });
    await melee.update(tx, id, { ...m, sku });
    const now = (await melee.one(tx, id))!;
    await audit(tx, actor, 'melee.edit', 'melee_parcel', was.sku, was, now);
    return toMelee(now);
  });
}
