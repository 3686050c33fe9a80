import { Link } from 'react-router';
import type { Order } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';

const money = (c: number) => formatMoney(c, { exact: true });
const day = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const STATE: Record<string, string> = { due: 'Due', late: 'Late', paid: 'Paid', cancelled: 'Cancelled' };

/** A layaway order's plan in the account: each instalment, its day and state, and paying ahead. */
export function PaymentPlan({
  plan,
  payLink,
  open,
}: {
  plan: NonNullable<Order['plan']>;
  payLink: string;
  open: boolean;
}) {
  const next = plan.instalments.find((i) => i.state === 'due' || i.state === 'late');
  const late = plan.instalments.filter((i) => i.state === 'late');
  return (
    <section aria-labelledby="plan-title" className="mt-5 border-t border-hairline pt-5 text-sm">
      <h2 id="plan-title" className="eyebrow text-muted">
        Layaway plan
      </h2>
      <p className="mt-2">Deposit paid: {money(plan.depositCents)}</p>
      <ol className="mt-2 divide-y divide-hairline" data-testid="instalments">
        <li className="sr-only">Instalments</li>
        {plan.instalments.map((i) => (
          <li key={i.seq} className="flex items-baseline justify-between gap-3 py-1.5">
            <span>{day(i.dueOn)}</span>
            <span className={i.state === 'late' ? 'font-medium text-danger' : i.state === 'paid' ? 'text-muted' : ''}>
              {STATE[i.state]}
            </span>
            <span className="tabular-nums">{money(i.amountCents)}</span>
          </li>
        ))}
      </ol>
      {open && next && (
        <>
          <p className="mt-3 text-muted">
            {plan.card
              ? `Each payment is charged on its day to your ${plan.card}.`
              : 'Each payment is asked for by e-mail on its day.'}{' '}
            A payment unpaid {plan.graceDays} days after its day cancels the order (we keep a {money(plan.feeCents)} fee
            and refund the rest). It ships once paid in full.
          </p>
          <Link to={payLink} className="btn-primary mt-3 px-4 py-2">
            {late.length
              ? `Pay ${money(late.reduce((s, i) => s + i.amountCents, 0))} now`
              : `Pay ${money(next.amountCents)} ahead`}
          </Link>
        </>
      )}
    </section>
  );
}
