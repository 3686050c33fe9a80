import type { MetalRatePreview, MetalRateSaved, MetalRates } from '@facet/contracts/admin-pricing';
import type { MetalQuality } from '@facet/contracts/metals';
import type { Rounding } from '@facet/contracts/money';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { audit, auditEntries, type Actor } from '../audit/index.ts';
import { refreshConfiguredPrices, repricePieces } from '../products/index.ts';
import { pricingRepository as repo, type SampleRow } from './repository.ts';

export async function metalRates(db: Db): Promise<MetalRates> {
  const [rates, history] = await Promise.all([
    repo.rates(db),
    auditEntries(db, { entity: 'metal_rate', page: 1, pageSize: 20 }),
  ]);
  const cents = (v: unknown) => (v as { centsPerGram?: number } | null)?.centsPerGram ?? 0;
  return {
    rates,
    history: history.rows.map((h) => ({
      id: h.id,
      at: h.at,
      by: h.staffEmail,
      quality: h.entityId,
      fromCents: cents(h.before),
      toCents: cents(h.after),
    })),
  };
}

/** Sets a metal's price per gram and reprices everything made of it, in one transaction. */
async function apply(tx: DbOrTx, quality: string, centsPerGram: number, rounding: Rounding) {
  const before = await repo.lockRate(tx, quality);
  if (!before) throw new NotFound(`There is no metal ${quality}.`);
  await repo.setRate(tx, quality, centsPerGram);
  const pieces = await repricePieces(tx, quality, centsPerGram - before.centsPerGram, rounding);
  const configured = await refreshConfiguredPrices(tx);
  return { before, pieces, configured: configured.changed };
}

class Preview extends Error {
  readonly rows: Array<SampleRow & { afterCents: number }>;
  constructor(rows: Array<SampleRow & { afterCents: number }>) {
    super('preview');
    this.rows = rows;
  }
}

/**
 * What a new rate would do to a few items: the real repricing runs in a transaction that is
 * then rolled back, so the preview cannot disagree with the save.
 */
export async function previewRate(
  db: Db,
  quality: MetalQuality,
  centsPerGram: number,
  rounding: Rounding,
): Promise<MetalRatePreview> {
  try {
    await db.transaction(async (tx) => {
      const sample = await repo.sample(tx, quality);
      await apply(tx, quality, centsPerGram, rounding);
      const after = await repo.sampleAgain(tx, sample);
      throw new Preview(
        sample.map((s) => ({
          ...s,
          afterCents: after.get(s.id) ?? s.priceCents,
        })),
      );
    });
  } catch (err) {
    if (err instanceof Preview) return err.rows;
    throw err;
  }
  return [];
}

export async function setRate(
  db: Db,
  actor: Actor,
  quality: MetalQuality,
  centsPerGram: number,
  rounding: Rounding,
): Promise<MetalRateSaved> {
  return db.transaction(async (tx) => {
    const r = await apply(tx, quality, centsPerGram, rounding);
    await audit(
      tx,
      actor,
      'metal_rate.set',
      'metal_rate',
      quality,
      { centsPerGram: r.before.centsPerGram },
      {
        centsPerGram,
        piecesRepriced: r.pieces,
        configuredPricesChanged: r.configured,
      },
    );
    return { quality, centsPerGram, piecesRepriced: r.pieces, configuredPricesChanged: r.configured };
  });
}
