import type { AdminDiamond, HandDiamond } from '@facet/contracts/admin-catalogue';
import { CLARITIES, COLORS, CUTS } from '@facet/contracts/grades';
import { caratOf, pointsOf } from '@facet/contracts/carats';
import { paths } from '@facet/contracts/paths';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { retailFromCost } from '../markup/index.ts';
import { handDiamondRepository as repo, type DiamondRow } from './repository.ts';
import { stonePhotos } from './stone-photos.ts';

// A diamond the store bought itself (a local dealer, an estate piece, a stone on memo), entered by
// hand. It has no supplier, so no feed ever matches it: imports change only their supplier's stones.

const CHANGED = 'This stone was changed by someone else — reload to see their change, then make yours again.';

const toAdmin = (d: DiamondRow, photos: AdminDiamond['photos']): AdminDiamond => ({
  id: d.id,
  serial: d.serial,
  version: d.version,
  stone: {
    origin: d.origin,
    shape: d.shape,
    carat: caratOf(d.caratPoints),
    color: d.color,
    clarity: d.clarity,
    cut: d.cut,
    polish: d.polish,
    symmetry: d.symmetry,
    fluorescence: d.fluorescence,
    lengthMm: d.lengthMm,
    widthMm: d.widthMm,
    depthMm: d.depthMm,
    depthPct: d.depthPct,
    tablePct: d.tablePct,
    lab: d.lab,
    certificate: d.certificate,
    priceCents: d.markedUp ? null : d.priceCents,
    costCents: d.costCents,
    videoUrl: d.videoUrl,
    memoFrom: d.memoFrom,
    status: d.status === 'held' ? 'held' : 'available',
    holdReason: d.holdReason,
  },
  retailCents: d.priceCents,
  currentStatus: d.status,
  supplier: d.supplier,
  addedBy: d.addedBy,
  storefrontUrl: paths.diamondOf(d),
  photos,
});
const withPhotos = async (db: DbOrTx, d: DiamondRow) => toAdmin(d, await stonePhotos(db, 'diamond', d.id));

/** The grades and measurements as the diamond table keeps them (ranks beside grades, for sorting and filters). */
async function columnsOf(db: DbOrTx, s: HandDiamond) {
  const caratPoints = pointsOf(s.carat);
  let priceCents = s.priceCents;
  if (priceCents === null) {
    priceCents = await retailFromCost(db, { origin: s.origin, caratPoints, costCents: s.costCents! });
    if (priceCents === null)
      throw new Validation('No markup rule covers this stone. Give it a price, or add a rule under Markup.', {
        priceCents: 'No markup rule covers it',
      });
  }
  return {
    origin: s.origin,
    shape: s.shape,
    caratPoints,
    color: s.color,
    colorRank: COLORS.indexOf(s.color),
    clarity: s.clarity,
    clarityRank: CLARITIES.indexOf(s.clarity),
    cut: s.cut,
    cutRank: CUTS.indexOf(s.cut),
    polish: s.polish,
    symmetry: s.symmetry,
    fluorescence: s.fluorescence,
    depthPct: s.depthPct,
    tablePct: s.tablePct,
    lwRatio: Math.round((s.lengthMm / s.widthMm) * 100) / 100,
    lengthMm: s.lengthMm,
    widthMm: s.widthMm,
    depthMm: s.depthMm,
    lab: s.lab,
    certificate: s.certificate.toUpperCase(),
    priceCents,
    costCents: s.costCents,
    markedUp: s.priceCents === null,
    videoUrl: s.videoUrl,
    memoFrom: s.memoFrom,
    status: s.status,
    holdReason: s.status === 'held' ? s.holdReason : null,
  };
}

async function refuseListedReport(db: DbOrTx, lab: string, certificate: string, except: number | null) {
  const other = await repo.byReport(db, lab, certificate.toUpperCase(), except);
  if (other)
    throw new Validation(`${lab} report ${certificate} is already listed as stone ${other.serial}.`, {
      certificate: 'Already listed',
    });
}

export async function addDiamond(db: Db, actor: Actor, s: HandDiamond) {
  return db.transaction(async (tx) => {
    await refuseListedReport(tx, s.lab, s.certificate, null);
    const cols = await columnsOf(tx, s);
    const id = await repo.insert(tx, { ...cols, addedBy: actor.email });
    const d = (await repo.one(tx, id))!;
    await audit(tx, actor, 'stone.add', 'diamond', d.serial, null, { ...cols });
    return withPhotos(tx, d);
  });
}

export async function diamondForStaff(db: Db, id: number) {
  const d = await repo.one(db, id);
  if (!d) throw new NotFound('There is no such diamond.');
  return withPhotos(db, d);
}

export async function editDiamond(db: Db, actor: Actor, id: number, version: string, s: HandDiamond) {
  return db.transaction(async (tx) => {
    const d = await repo.one(tx, id, true);
    if (!d) throw new NotFound('There is no such diamond.');
    if (d.version !== version) throw new Conflict(CHANGED);
    if (d.supplier)
      throw new Conflict(`This stone comes from ${d.supplier}'s feed: its next import would undo a change made here.`);
    if (!['available', 'held'].includes(d.status))
      throw new Conflict(`A ${d.status} stone cannot be edited: it belongs to an order, or is off sale for good.`);
    await refuseListedReport(tx, s.lab, s.certificate, id);
    const before = toAdmin(d, []).stone;
    const cols = await columnsOf(tx, s);
    await repo.update(tx, id, cols);
    const after = (await repo.one(tx, id))!;
    await audit(tx, actor, 'stone.edit', 'diamond', d.serial, before, toAdmin(after, []).stone);
    return withPhotos(tx, after);
  });
}
