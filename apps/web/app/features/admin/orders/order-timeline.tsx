import { STATUS_LABELS, type AdminOrder, type OrderStatus } from '@facet/contracts/admin';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@facet/contracts/returns';
import { formatMoney } from '@facet/contracts/money';
import { TRACKING_LABELS, type TrackingState } from '@facet/contracts/shipping';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function describe(e: AdminOrder['events'][number]): { title: string; detail?: string; url?: string } {
  const d = e.data as Record<string, string | number | undefined>;
  switch (e.type) {
    case 'placed':
      if (d.plan === 'layaway')
        return {
          title: `Placed on layaway: deposit of ${formatMoney(Number(d.depositCents), { exact: true })} paid`,
          detail: `total ${formatMoney(Number(d.totalCents), { exact: true })}${d.card ? ` · ${d.card}` : ''}`,
        };
      if (d.authorizedOnly)
        return {
          title: 'Order placed: card authorised, not charged',
          detail: `${formatMoney(Number(d.totalCents), { exact: true })}${d.card ? ` · ${d.card}` : ''} · charged once the supplier confirms`,
        };
      if (d.depositCents !== undefined)
        return {
          title: `Deposit of ${formatMoney(Number(d.depositCents), { exact: true })} paid`,
          detail: `${d.source} · total ${formatMoney(Number(d.totalCents), { exact: true })}${d.card ? ` · ${d.card}` : ''}`,
        };
      return {
        title: 'Order placed and paid',
        detail: `${formatMoney(Number(d.totalCents), { exact: true })}${d.card ? ` · ${d.card}` : ''}${
          d.exchangeOf ? ` · replacement for return ${d.return} of order ${d.exchangeOf}` : ''
        }`,
      };
    case 'status': {
      const to = d.to as OrderStatus;
      if (to === 'shipped')
        return { title: 'Shipped', detail: `${d.carrier} ${d.trackingNumber}`, url: String(d.trackingUrl) };
      if (to === 'cancelled')
        return {
          title: 'Cancelled',
          detail: `${d.reason}${d.stonesReleased ? ` · ${d.stonesReleased} stone(s) back on sale` : ''}`,
        };
      return { title: STATUS_LABELS[to] ?? String(to) };
    }
    case 'change': {
      const c = e.data as {
        before: { title: string; unitPriceCents: number };
        after: { title: string; unitPriceCents: number };
        differenceCents: number;
        totalAfterCents: number;
        note?: string;
      };
      return {
        title: `Changed: ${c.before.title} → ${c.after.title}`,
        detail: `${formatMoney(c.before.unitPriceCents, { exact: true })} → ${formatMoney(c.after.unitPriceCents, { exact: true })} · total ${formatMoney(c.totalAfterCents, { exact: true })} (${c.differenceCents >= 0 ? '+' : '−'}${formatMoney(Math.abs(c.differenceCents), { exact: true })})${c.note ? ` · ${c.note}` : ''}`,
      };
    }
    case 'instalment-refused':
      return {
        title: `Instalment ${d.seq} of ${formatMoney(Number(d.amountCents), { exact: true })} refused`,
        detail: `${d.failure ?? ''} · tried again tomorrow; the customer was e-mailed a pay link`,
      };
    case 'supplier-confirmed':
      return {
        title: `Supplier confirmed: charged ${formatMoney(Number(d.amountCents), { exact: true })}`,
        detail: String(d.card ?? ''),
      };
    case 'balance-asked':
      return { title: `Balance of ${formatMoney(Number(d.amountCents), { exact: true })} asked for by e-mail` };
    case 'payment':
      return {
        title: `Balance of ${formatMoney(Number(d.amountCents), { exact: true })} paid`,
        detail: String(d.card ?? ''),
      };
    case 'refund':
      return {
        title: `Refunded ${formatMoney(Number(d.amountCents), { exact: true })}`,
        detail: String(d.reason ?? ''),
      };
    case 'note':
      return { title: 'Note', detail: String(d.note ?? '') };
    case 'email':
      return { title: 'E-mail sent', detail: `${d.subject} → ${d.to}` };
    case 'payment-lapsed':
      return {
        title: 'Never paid',
        detail: d.replaced
          ? 'The shopper started again with a changed cart; this payment was cancelled at Stripe.'
          : 'The reservation ran out before payment; the payment was cancelled at Stripe and the stones put back on sale.',
      };
    case 'dispute':
      return {
        title: `Payment disputed: ${formatMoney(Number(d.amountCents), { exact: true })}`,
        detail: `Reason given by the bank: ${String(d.reason ?? 'unknown').replace(/_/g, ' ')}. Answer it in Stripe's dashboard before its deadline.`,
      };
    case 'return':
      return {
        title: `Return ${d.number}: ${RETURN_STATUS_LABELS[d.status as ReturnStatus]?.toLowerCase() ?? d.status}`,
        detail: [
          d.message,
          d.amountCents !== undefined ? `${formatMoney(Number(d.amountCents), { exact: true })} refunded` : null,
          d.orderNumber ? `replacement order ${d.orderNumber}` : null,
          d.differenceCents !== undefined
            ? `${formatMoney(Number(d.differenceCents), { exact: true })} for the customer to pay`
            : null,
          d.refundCents ? `${formatMoney(Number(d.refundCents), { exact: true })} refunded` : null,
          d.condition
            ? `came back ${String(d.condition).replace('-', ' ')}${d.restocked ? ', back on sale' : ''}`
            : null,
        ]
          .filter(Boolean)
          .join(' · '),
        url: `/admin/returns/${d.number}`,
      };
    case 'label':
      return {
        title: 'Label bought',
        detail: `${d.carrier} ${d.service} ${d.trackingNumber} · insured ${formatMoney(Number(d.insuredCents), { exact: true })}${
          d.signature ? ' · signature required' : ''
        } · cost ${formatMoney(Number(d.costCents), { exact: true })}`,
      };
    case 'tracking':
      return {
        title: `${d.kind === 'return' ? `Return ${d.returnNumber} parcel` : 'Parcel'}: ${
          TRACKING_LABELS[d.state as TrackingState]?.toLowerCase() ?? d.state
        }`,
        detail: String(d.detail ?? ''),
      };
    default:
      return { title: e.type };
  }
}

/** Everything that happened to the order, oldest first: who and when. */
export function OrderTimeline({ events }: { events: AdminOrder['events'] }) {
  return (
    <ol className="space-y-3 text-sm">
      {events.map((e) => {
        const { title, detail, url } = describe(e);
        return (
          <li key={e.id} className="border-l-2 border-hairline pl-3">
            <p className="font-medium">
              {title}
              {!e.visibleToCustomer && <span className="ml-2 text-xs font-normal text-muted">(staff only)</span>}
            </p>
            {detail && <p className="whitespace-pre-line text-muted">{detail}</p>}
            {url && (
              <a href={url} className="text-primary underline" target="_blank" rel="noreferrer">
                Track the parcel
              </a>
            )}
            <p className="text-xs text-muted">
              {when.format(new Date(e.at))}
              {e.by ? ` · ${e.by}` : e.type === 'placed' ? ' · customer' : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
