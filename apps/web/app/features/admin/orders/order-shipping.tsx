import { useEffect, useState } from 'react';
import { can, type AdminOrder, type StaffMe } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { TRACKING_LABELS, type AdminShipment, type OrderShipments } from '@facet/contracts/shipping';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { Confirm } from '../shared/confirm.tsx';

const box = 'border border-hairline bg-white p-4';
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The order's labels, and "Buy label" when a carrier service is connected and the order is ready to ship. */
export function OrderShipping({
  order,
  me,
  onChange,
}: {
  order: AdminOrder;
  me: StaffMe;
  onChange: (o: AdminOrder) => void;
}) {
  const [answer, setAnswer] = useState<OrderShipments | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAdminAction();
  // Read again whenever the order changes (a status step, a tracking update seen on reload).
  useEffect(() => {
    const ask = new AbortController();
    adminApi('GET /orders/:number/shipments', { params: order, signal: ask.signal }).then(
      (a) => {
        setAnswer(a);
        setFailed(false);
      },
      () => !ask.signal.aborted && setFailed(true),
    );
    return () => ask.abort();
  }, [order]);

  if (failed) return <p className={`${box} text-sm text-danger`}>The labels could not be read. Reload the page.</p>;
  if (!answer) return <p className={`${box} text-sm text-muted`}>Reading labels…</p>;
  const outbound = answer.shipments.find((s) => s.kind === 'outbound');
  // Nothing to show: no carrier service, no label (the Next step form takes the tracking number).
  if (!answer.shipments.length && answer.cannotBuy && !['ready_to_ship'].includes(order.status)) return null;
  const mayBuy = can(me.role, 'orders:fulfil') && !outbound && !answer.cannotBuy;
  const insured = formatMoney(answer.wouldInsureCents, { exact: true });
  return (
    <section className={box} aria-labelledby="labels">
      <h2 id="labels" className="text-sm font-semibold">
        Shipping label
      </h2>
      {answer.shipments.length > 0 ? (
        <ul className="mt-2 space-y-3 text-sm">
          {answer.shipments.map((s) => (
            <Label key={s.id} s={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-muted">
          {answer.cannotBuy ??
            `Insured for ${insured}, ${answer.wouldNeedSignature ? 'signed for on delivery' : 'no signature (below the store’s threshold)'}.`}
        </p>
      )}
      {mayBuy && (
        <>
          <button type="button" className="btn-primary mt-3 py-2" disabled={busy} onClick={() => setConfirming(true)}>
            {busy ? 'Buying…' : 'Buy label…'}
          </button>
          <Confirm
            open={confirming}
            title={`Buy the label for order ${order.number}?`}
            body={`The carrier charges the store for it: ${order.shipping.label}, insured for ${insured}${answer.wouldNeedSignature ? ', signature required' : ''}. The customer is e-mailed when the carrier first scans the parcel.`}
            action="Buy label"
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              void run(async () => {
                setAnswer(await adminApi('POST /orders/:number/label', { params: order }));
                onChange(await adminApi('GET /orders/:number', { params: order }));
                toast.success(`Label bought for order ${order.number}.`);
              })
            }
          />
        </>
      )}
    </section>
  );
}

function Label({ s }: { s: AdminShipment }) {
  return (
    <li>
      <p className="font-medium">
        {s.kind === 'return' ? 'Return · ' : ''}
        {s.carrier} {s.service}
        <span className="ml-2 border border-hairline bg-panel px-1.5 py-0.5 text-xs font-normal">
          {TRACKING_LABELS[s.state]}
        </span>
      </p>
      <p className="font-mono text-xs">
        {s.trackingUrl ? (
          <a href={s.trackingUrl} className="text-primary underline" target="_blank" rel="noreferrer">
            {s.trackingNumber}
          </a>
        ) : (
          s.trackingNumber
        )}
      </p>
      <p className="text-xs text-muted">
        Insured {formatMoney(s.insuredCents, { exact: true })} · {s.signature ? 'signature required' : 'no signature'} ·
        cost {formatMoney(s.costCents, { exact: true })} · {when.format(new Date(s.boughtAt))} by {s.boughtBy}
      </p>
      <a href={s.labelUrl} className="btn-secondary mt-2 inline-block py-1.5 text-xs" target="_blank" rel="noreferrer">
        Print label (PDF)
      </a>
    </li>
  );
}
