import { useState } from 'react';
import { can, type AdminOrder, type Role } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

const box = 'border border-hairline bg-white p-4';

/**
 * An order whose card is authorised for a supplier's diamond: each such stone is confirmed with its
 * supplier here (the last confirmation charges the card), or marked gone (the authorisation is
 * voided and the customer e-mailed the closest stones on sale).
 */
export function SupplierStones({
  order,
  me,
  reload,
}: {
  order: AdminOrder;
  me: { role: Role };
  reload: () => Promise<void>;
}) {
  const { busy, run } = useAdminAction();
  const [gone, setGone] = useState<number | null>(null);
  const stones = order.stones.filter((s) => s.supplier);
  if (order.paymentState !== 'authorized' || !stones.length) return null;
  const allowed = can(me.role, 'orders:cancel');
  const by = order.supplierConfirmBy ? new Date(order.supplierConfirmBy) : null;
  return (
    <section className={`${box} border-l-4 border-l-primary`} aria-labelledby="supplier">
      <h2 id="supplier" className="text-sm font-semibold">
        Confirm with the supplier
      </h2>
      <p className="mt-1 text-xs text-muted">
        The card is authorised for{' '}
        {formatMoney(order.totals.totalCents - (order.giftCards ?? []).reduce((s, g) => s + g.cents, 0), {
          exact: true,
        })}
        , not charged. Confirming the last stone charges it; unconfirmed
        {by ? ` by ${by.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}` : ''}, the authorisation
        is voided.
      </p>
      <ul className="mt-3 divide-y divide-hairline text-sm">
        {stones.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-mono text-xs">{s.serial}</span> {s.title}
            </span>
            {s.confirmedAt ? (
              <span className="text-xs text-muted">Confirmed</span>
            ) : allowed ? (
              <span className="flex gap-2">
                <button
                  type="button"
                  className="btn-primary px-3 py-1.5 text-sm"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      const r = await adminApi('POST /orders/:number/stones/:stone/confirm', {
                        params: { number: order.number, stone: s.id },
                      });
                      toast.success(r.captured ? 'Confirmed: the card is charged.' : 'Confirmed.');
                      await reload();
                    })
                  }
                >
                  Confirmed
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  disabled={busy}
                  onClick={() => setGone(s.id)}
                >
                  Supplier no longer has it
                </button>
              </span>
            ) : (
              <span className="text-xs text-muted">Awaiting a manager</span>
            )}
          </li>
        ))}
      </ul>
      <Confirm
        open={gone !== null}
        title="The supplier no longer has this stone?"
        body={`The authorisation is voided (nothing is charged), the order is cancelled, its other stones go back on sale, and ${order.email} is e-mailed the three closest diamonds on sale.`}
        action="Void and tell the customer"
        onClose={() => setGone(null)}
        onConfirm={() => {
          const stone = gone!;
          setGone(null);
          void run(async () => {
            const r = await adminApi('POST /orders/:number/stones/:stone/unavailable', {
              params: { number: order.number, stone },
            });
            toast.success(`Voided. ${r.alternatives?.length ?? 0} alternatives e-mailed.`);
            await reload();
          });
        }}
      />
    </section>
  );
}
