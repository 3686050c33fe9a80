import { useId } from 'react';
import { formatMoney } from '@facet/contracts/money';
import { layawayPlan } from '@facet/contracts/payment-plans';
import type { LayawayTerms } from '@facet/contracts/store-facts';
import { Link } from 'react-router';

const money = (c: number) => formatMoney(c, { exact: true });
const day = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Today on the store's calendar (the day the server will count the plan from). */
export const storeDay = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
const every = (w: number) => (w === 1 ? 'every week' : `every ${w} weeks`);

/**
 * Pay in full, or on layaway (orders over the store's threshold): the deposit today and the
 * instalments after, as the server will work them out — the same function, on the store's calendar.
 */
export function LayawayChoice({
  terms,
  totalCents,
  timezone,
  layaway,
  onChange,
}: {
  terms: LayawayTerms;
  totalCents: number;
  timezone: string;
  layaway: boolean;
  onChange: (layaway: boolean) => void;
}) {
  const id = useId();
  const plan = layawayPlan(terms, totalCents, storeDay(timezone));
  const n = plan.instalments.length;
  const each = plan.instalments.at(-1)!.amountCents;
  return (
    <fieldset className="mb-6 space-y-2" aria-describedby={`${id}-terms`}>
      <legend className="mb-2 text-sm font-medium">How you pay</legend>
      <label className="flex cursor-pointer items-start gap-3 border border-hairline p-3 has-[:checked]:border-primary">
        <input type="radio" name={`${id}-plan`} checked={!layaway} onChange={() => onChange(false)} className="mt-1" />
        <span>
          <span className="block font-medium">Pay in full</span>
          <span className="text-sm text-muted">{money(totalCents)} today</span>
        </span>
      </label>
      <label className="flex cursor-pointer items-start gap-3 border border-hairline p-3 has-[:checked]:border-primary">
        <input type="radio" name={`${id}-plan`} checked={layaway} onChange={() => onChange(true)} className="mt-1" />
        <span>
          <span className="block font-medium">Layaway</span>
          <span className="text-sm text-muted" data-testid="layaway-summary">
            {money(plan.depositCents)} today ({terms.depositPercent}%), then {n} payments of {money(each)}
            {plan.instalments[0]!.amountCents !== each
              ? ` (the first ${money(plan.instalments[0]!.amountCents)})`
              : ''}{' '}
            {every(terms.everyWeeks)}
          </span>
        </span>
      </label>
      {layaway && (
        <div id={`${id}-terms`} className="border-l-2 border-primary bg-panel/60 p-3 text-sm">
          <ol className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3" aria-label="Instalments">
            {plan.instalments.map((i) => (
              <li key={i.seq} className="flex justify-between gap-2">
                <span className="text-muted">{day(i.dueOn)}</span>
                <span>{money(i.amountCents)}</span>
              </li>
            ))}
          </ol>
          <p className="mt-2 text-muted">
            What you buy is set aside for you today. Each payment is charged on its day to the card you pay the deposit
            with; your piece ships once it is paid in full. A payment still unpaid {terms.graceDays} days after its day
            cancels the order: we keep a {money(terms.feeCents)} cancellation fee and refund the rest.{' '}
            <Link to="/terms-condition#layaway" className="underline">
              Layaway terms
            </Link>
          </p>
        </div>
      )}
    </fieldset>
  );
}
