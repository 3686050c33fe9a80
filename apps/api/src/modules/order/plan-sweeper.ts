import type { FastifyInstance } from 'fastify';
import { afterStockChange } from '../../cache/index.ts';
import * as office from './back-office.ts';
import { cancelLapsedPlans, chargeDueInstalments } from './layaway.ts';
import { orderRepository as repo } from './repository.ts';
import { voidUnconfirmed } from './supplier-stones.ts';

// What the calendar does to orders, whichever provider takes the cards: a layaway's instalments are
// charged on their days and a plan past its grace period is cancelled by the store's terms; a
// supplier's stone not confirmed in time has its authorisation voided. Every instance runs it each
// minute (PLAN_SWEEP_MS); the order's row lock decides, so nothing is done twice.

const LAYAWAY_TERMS = { id: null, email: 'automatic: layaway terms', role: 'owner' as const };

export function planDeps(app: FastifyInstance) {
  const deps: office.BackOfficeDeps = {
    db: app.db,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    payments: app.payments,
    onStonesReleased: afterStockChange(app, 'cancellation'),
  };
  const cancel = async (number: string, keepCents: number, reason: string) => {
    const o = await repo.byNumber(app.db, number);
    if (!o) return;
    await office.cancelOrder(deps, LAYAWAY_TERMS, number, { version: o.version, reason, refund: true, keepCents });
  };
  return { deps, cancel };
}

/** One pass: instalments charged, lapsed plans cancelled, unconfirmed authorisations voided. */
export async function sweepPlans(app: FastifyInstance, now = new Date()) {
  const { deps, cancel } = planDeps(app);
  return {
    charged: await chargeDueInstalments(deps, now),
    cancelled: await cancelLapsedPlans(deps, cancel, now),
    voided: await voidUnconfirmed(deps, now),
  };
}

export function startPlanSweeper(app: FastifyInstance): () => void {
  const run = () =>
    sweepPlans(app).catch((err: unknown) => app.log.warn({ err }, 'plans: sweep failed; tried again in a minute'));
  const every = app.config.PLAN_SWEEP_MS;
  const first = setTimeout(() => void run(), Math.min(5_000, every));
  const timer = setInterval(() => void run(), every);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
