import { shipsPieces } from '@facet/contracts/order-promises';
import type { Totals } from '@facet/contracts/commerce';
import { taxRateText } from '@facet/contracts/tax-rate-text';
import { formatMoney } from '@facet/contracts/money';

/** Subtotal, the discount, shipping, tax and total as the server computed them. */
export function TotalsList({
  totals,
  shippingLabel,
  taxNote = 'Calculated at checkout',
  lines,
}: {
  totals: Totals;
  shippingLabel?: string;
  taxNote?: string;
  /** The lines totalled: gift cards alone ship nothing, so no shipping line is shown. */
  lines?: ReadonlyArray<{ kind: string }>;
}) {
  const money = (c: number) => formatMoney(c, { exact: true });
  const shipsNothing = !!lines?.length && !shipsPieces(lines) && totals.shippingCents === 0;
  // One rate (the store's table, or an address with a single jurisdiction): shown beside the amount.
  const only = totals.taxLines.length === 1 ? totals.taxLines[0]! : null;
  // No rate for the state: nothing charged, and said (gift cards alone are never taxed, and say nothing).
  const untaxed = totals.taxLines.length === 0 && totals.taxCents === 0 && !shipsNothing;
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">Subtotal</dt>
        <dd data-testid="subtotal">{money(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Discount · {totals.discountLabel}</dt>
          <dd data-testid="discount" className="whitespace-nowrap text-primary">
            −{money(totals.discountCents)}
          </dd>
        </div>
      )}
      {!shipsNothing && (
        <div className="flex justify-between">
          <dt className="text-muted">Shipping{shippingLabel ? ` · ${shippingLabel}` : ''}</dt>
          <dd>
            {totals.shippingPending ? (
              <span className="text-muted">{taxNote}</span>
            ) : totals.shippingCents === 0 ? (
              'Free'
            ) : (
              money(totals.shippingCents)
            )}
          </dd>
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="text-muted">
          Sales tax
          {totals.taxState ? ` (${totals.taxState}${only ? ` · ${taxRateText(only.percent)}` : ''})` : ''}
        </dt>
        <dd>
          {shipsNothing && totals.taxCents === 0 ? (
            <span className="text-muted">None on gift cards</span>
          ) : !totals.taxState ? (
            <span className="text-muted">{taxNote}</span>
          ) : untaxed ? (
            <span className="text-muted">None</span>
          ) : (
            money(totals.taxCents)
          )}
        </dd>
        {/* Said plainly: the store's one rate for a state is an estimate; a state without one pays none. */}
        {totals.taxState && only?.estimated && (
          <dd className="basis-full text-xs text-muted">
            Estimated at our rate for {totals.taxState}; the rate where you live may differ slightly.
          </dd>
        )}
        {totals.taxState && untaxed && (
          <dd className="basis-full text-xs text-muted">
            We do not collect sales tax on orders shipped to {totals.taxState}.
          </dd>
        )}
      </div>
      {/* Each jurisdiction's share when more than one taxes the address (a city, a county, a district). */}
      {totals.taxState && totals.taxLines.length > 1 && (
        <ul className="space-y-1 ps-3 text-xs text-muted" aria-label="Sales tax by jurisdiction">
          {totals.taxLines.map((l) => (
            <li key={l.name} className="flex justify-between gap-3">
              <span>
                {l.name} · {taxRateText(l.percent)}
              </span>
              <span>{money(l.cents)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-between border-t border-hairline pt-3 text-base font-medium">
        <dt>{totals.taxState || shipsNothing ? 'Total' : 'Estimated total'}</dt>
        <dd data-testid="total">{money(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
