import { formatMoney } from '@facet/contracts/money';
import type { QuoteVersion } from '@facet/contracts/quotes';

const money = (c: number) => formatMoney(c, { exact: true });

/** A version's lines and amounts: the numbers the server worked out when it was made, shown as they are. */
export function QuoteSummary({ v }: { v: QuoteVersion }) {
  const a = v.amounts;
  const row = (label: string, cents: number, strong = false, testId?: string, extra = '') => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''} ${extra}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd data-testid={testId}>{money(cents)}</dd>
    </div>
  );
  return (
    <>
      <ul className="divide-y divide-hairline border-y border-hairline">
        {v.lines.map((l, i) => (
          <li key={i} className="flex gap-4 py-4">
            {l.image ? (
              <img src={l.image} alt="" width={72} height={72} className="h-18 w-18 shrink-0 bg-panel object-cover" />
            ) : (
              <span className="h-18 w-18 shrink-0 bg-panel" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {l.title}
                {l.quantity > 1 ? ` × ${l.quantity}` : ''}
              </p>
              {l.details.length > 0 && <p className="mt-1 text-sm text-muted">{l.details.join(' · ')}</p>}
            </div>
            <p className="whitespace-nowrap">{money(l.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 text-sm">
        {row('Subtotal', a.subtotalCents)}
        {row('Shipping, insured', a.shippingCents)}
        {row(v.taxLabel, a.taxCents)}
        {row('Total', a.totalCents, true, 'quote-total')}
        {row('Deposit to accept', a.depositCents, true, 'quote-deposit', 'mt-3 border-t border-hairline pt-3')}
        {row('Balance when your piece is ready', a.balanceCents, false, 'quote-balance')}
      </dl>
    </>
  );
}
