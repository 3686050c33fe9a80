import { useState } from 'react';
import { Dialog } from 'radix-ui';
import {
  BULK_ORDERS_MAX,
  BULK_STATUSES,
  CARRIERS,
  STATUS_LABELS,
  type AdminOrderRow,
  type BulkStatusAnswer,
  type Carrier,
} from '@facet/contracts/admin';
import { useReturnFocus } from '~/components/ui/return-focus.ts';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

type BulkStatus = (typeof BULK_STATUSES)[number];
const plural = (n: number) => `${n} order${n === 1 ? '' : 's'}`;
/** What a finished step says: what moved, and who was told. */
const movedText = (a: BulkStatusAnswer) => {
  const told = a.status === 'shipped' || a.status === 'delivered' ? '; each customer was e-mailed' : '';
  return `${plural(a.moved.length)} marked as ${STATUS_LABELS[a.status].toLowerCase()}${told}.`;
};

/**
 * The bar over the orders list once rows are chosen: move them a step (shipping asks each parcel's
 * carrier and tracking number), or print their packing slips as one document.
 */
export function BulkActions({
  chosen,
  rows,
  canMove,
  onDone,
  onClear,
}: {
  chosen: readonly string[];
  /** The rows of this page (names for the shipping sheet). */
  rows: readonly AdminOrderRow[];
  canMove: boolean;
  onDone: () => Promise<void>;
  onClear: () => void;
}) {
  const [step, setStep] = useState<BulkStatus>('in_production');
  const [shipping, setShipping] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<BulkStatusAnswer['refused']>([]);
  const { busy, run } = useAdminAction();
  const tooMany = chosen.length > BULK_ORDERS_MAX;

  const send = (orders: Array<{ number: string; carrier?: Carrier; trackingNumber?: string }>, status: BulkStatus) =>
    run(async () => {
      const a = await adminApi('POST /orders/bulk-status', { body: { status, orders } });
      setRefused(a.refused);
      if (a.moved.length) toast.success(movedText(a));
      if (a.refused.length) toast.error(`${plural(a.refused.length)} could not move: see the list above the orders.`);
      setShipping(false);
      onClear();
      await onDone();
    });

  return (
    <div className="mb-3 space-y-2">
      {chosen.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-3 border border-primary bg-secondary px-3 py-2 text-sm"
          role="region"
          aria-label="Chosen orders"
        >
          <p className="font-medium" aria-live="polite">
            {plural(chosen.length)} chosen
          </p>
          {canMove && (
            <form
              method="post"
              className="flex flex-wrap items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (step === 'shipped') setShipping(true);
                else if (step === 'delivered') setConfirming(true);
                else
                  void send(
                    chosen.map((number) => ({ number })),
                    step,
                  );
              }}
            >
              <label className="flex items-center gap-2">
                Move to
                <select
                  value={step}
                  onChange={(e) => setStep(e.target.value as BulkStatus)}
                  className="field w-auto py-1.5"
                >
                  {BULK_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-primary py-1.5 text-xs" disabled={busy || tooMany}>
                {step === 'shipped' ? 'Add tracking…' : 'Move'}
              </button>
            </form>
          )}
          <a
            href={`/admin/orders/packing-slips?numbers=${chosen.join(',')}`}
            target="_blank"
            rel="noreferrer"
            className="btn-secondary py-1.5 text-xs"
          >
            Print packing slips
          </a>
          <button type="button" className="text-primary underline" onClick={onClear}>
            Clear
          </button>
          {tooMany && <p className="text-danger">At most {BULK_ORDERS_MAX} orders at once.</p>}
        </div>
      )}
      {refused.length > 0 && (
        <div className="border border-danger bg-white p-3 text-sm" role="status">
          <p className="font-medium">These orders did not move:</p>
          <ul className="mt-1 list-disc pl-5">
            {refused.map((r) => (
              <li key={r.number}>
                <a href={`/admin/orders/${r.number}`} className="text-primary underline">
                  {r.number}
                </a>
                : {r.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="mt-2 text-xs text-primary underline" onClick={() => setRefused([])}>
            Dismiss
          </button>
        </div>
      )}
      {shipping && (
        <ShipSheet
          orders={chosen.map((n) => rows.find((r) => r.number === n) ?? { number: n, customerName: '' })}
          busy={busy}
          onClose={() => setShipping(false)}
          onShip={(orders) => void send(orders, 'shipped')}
        />
      )}
      <Confirm
        open={confirming}
        title={`Mark ${plural(chosen.length)} as delivered?`}
        body="Each customer is e-mailed that their order arrived, with the link to ask for a return."
        action="Mark as delivered"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void send(
            chosen.map((number) => ({ number })),
            'delivered',
          )
        }
      />
    </div>
  );
}

/** Each parcel's carrier and tracking number; a column pasted into one box fills the boxes below it. */
function ShipSheet({
  orders,
  busy,
  onClose,
  onShip,
}: {
  orders: ReadonlyArray<Pick<AdminOrderRow, 'number' | 'customerName'>>;
  busy: boolean;
  onClose: () => void;
  onShip: (orders: Array<{ number: string; carrier: Carrier; trackingNumber: string }>) => void;
}) {
  const focus = useReturnFocus();
  const [carrier, setCarrier] = useState<Carrier[]>(orders.map(() => 'UPS'));
  const [tracking, setTracking] = useState<string[]>(orders.map(() => ''));
  const [tried, setTried] = useState(false);
  const missing = tracking.map((t) => t.trim() === '');
  const setAll = (c: Carrier) => setCarrier(orders.map(() => c));
  const paste = (i: number, text: string) => {
    const lines = text
      .split(/[\r\n\t]+/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length < 2) return false;
    setTracking((t) => t.map((v, j) => (j >= i && j - i < lines.length ? lines[j - i]! : v)));
    return true;
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[min(96vw,44rem)] -translate-x-1/2 -translate-y-1/2 flex-col bg-white shadow-2xl"
        >
          <div className="border-b border-hairline p-4">
            <Dialog.Title className="font-sans text-lg font-semibold">Ship {plural(orders.length)}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted">
              Each customer is e-mailed their tracking link. Paste a column of tracking numbers into the first box to
              fill them in order.
            </Dialog.Description>
            <label className="mt-3 flex items-center gap-2 text-sm">
              Carrier for all
              <select
                className="field w-auto py-1.5"
                onChange={(e) => setAll(e.target.value as Carrier)}
                defaultValue="UPS"
              >
                {CARRIERS.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
          </div>
          <form
            method="post"
            noValidate
            className="flex min-h-0 flex-col"
            onSubmit={(e) => {
              e.preventDefault();
              setTried(true);
              if (missing.some(Boolean)) return;
              onShip(
                orders.map((o, i) => ({ number: o.number, carrier: carrier[i]!, trackingNumber: tracking[i]!.trim() })),
              );
            }}
          >
            <ol className="min-h-0 flex-1 divide-y divide-hairline overflow-y-auto px-4">
              {orders.map((o, i) => (
                <li key={o.number} className="grid gap-2 py-2 sm:grid-cols-[10rem_6rem_1fr] sm:items-start">
                  <p className="text-sm">
                    <span className="font-medium">{o.number}</span>
                    <span className="block truncate text-xs text-muted">{o.customerName}</span>
                  </p>
                  <select
                    aria-label={`Carrier for ${o.number}`}
                    className="field py-1.5"
                    value={carrier[i]}
                    onChange={(e) => setCarrier((c) => c.map((v, j) => (j === i ? (e.target.value as Carrier) : v)))}
                  >
                    {CARRIERS.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                  <div>
                    <input
                      aria-label={`Tracking number for ${o.number}`}
                      aria-invalid={tried && missing[i] ? true : undefined}
                      aria-describedby={tried && missing[i] ? `${o.number}-missing` : undefined}
                      className="field py-1.5 font-mono"
                      value={tracking[i]}
                      onPaste={(e) => {
                        if (paste(i, e.clipboardData.getData('text'))) e.preventDefault();
                      }}
                      onChange={(e) => setTracking((t) => t.map((v, j) => (j === i ? e.target.value : v)))}
                    />
                    {tried && missing[i] && (
                      <p id={`${o.number}-missing`} className="mt-1 text-xs text-danger">
                        Paste the tracking number
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ol>
            <div className="flex justify-end gap-3 border-t border-hairline p-4">
              <Dialog.Close className="btn-secondary" type="button">
                Go back
              </Dialog.Close>
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? 'Shipping…' : `Mark ${plural(orders.length)} as shipped`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
