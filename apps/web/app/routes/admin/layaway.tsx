import { Link } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { AdminLayawayPlan } from '@facet/contracts/admin';
import type { Route } from './+types/layaway';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /layaway');
}
export const ErrorBoundary = AdminRouteError;

const money = (c: number) => formatMoney(c, { exact: true });
const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${d}T12:00:00Z`),
  );
const STATE: Record<AdminLayawayPlan['state'], string> = {
  late: 'Late',
  'on-schedule': 'On schedule',
  paid: 'Paid in full',
  cancelled: 'Cancelled',
};

/** Every layaway plan: late ones first, then by the next payment's day; what is paid and what is due. */
export default function AdminLayaway({ loaderData }: Route.ComponentProps) {
  const plans = loaderData.plans;
  const late = plans.filter((p) => p.state === 'late');
  const open = plans.filter((p) => p.state === 'on-schedule' || p.state === 'late');
  const owed = open.reduce((s, p) => s + p.totalCents - p.paidCents, 0);
  return (
    <>
      <AdminHeading title="Layaway" />
      <p className="mb-3 text-sm text-muted">
        {open.length} open plan{open.length === 1 ? '' : 's'}, {money(owed)} still to come
        {late.length ? (
          <>
            {' '}
            · <strong className="text-danger">{late.length} late</strong> (
            {money(late.reduce((s, p) => s + p.lateCents, 0))})
          </>
        ) : null}
        . Payments are charged on their days to the saved card; a refused one is tried daily and the customer e-mailed.
      </p>
      <ListTable
        caption="Layaway plans, late first, then by the next payment"
        columns={['Order', 'Customer', 'State', 'Paid', 'Total', 'Next payment', 'Late']}
        rows={plans.length}
        empty="No layaway plans yet. Shoppers may choose layaway at checkout for orders over the threshold in Settings."
        minWidth={860}
      >
        {plans.map((p) => (
          <tr key={p.number} className="border-b border-hairline last:border-0" data-testid="plan-row">
            <td className="whitespace-nowrap px-3 py-2">
              <Link to={`/admin/orders/${p.number}`} className="font-medium text-primary underline">
                {p.number}
              </Link>
            </td>
            <td className="px-3 py-2">
              {p.name}
              <span className="block text-xs text-muted">{p.email}</span>
            </td>
            <td className={`whitespace-nowrap px-3 py-2 ${p.state === 'late' ? 'font-medium text-danger' : ''}`}>
              {STATE[p.state]}
              {!p.cardSaved && p.state !== 'paid' && p.state !== 'cancelled' && (
                <span className="block text-xs text-muted">No saved card</span>
              )}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(p.paidCents)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(p.totalCents)}</td>
            <td className="whitespace-nowrap px-3 py-2">
              {p.nextDueOn && p.state !== 'cancelled' ? `${money(p.nextCents ?? 0)} on ${dayText(p.nextDueOn)}` : '—'}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {p.lateCents > 0 ? (
                <span className="text-danger">
                  {money(p.lateCents)}, {p.daysLate} day{p.daysLate === 1 ? '' : 's'}
                  {p.attempts ? ` · ${p.attempts} tr${p.attempts === 1 ? 'y' : 'ies'}` : ''}
                </span>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
