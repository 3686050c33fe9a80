import { Link } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/left-carts';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /left-carts');
}
export const ErrorBoundary = AdminRouteError;

const money = (c: number) => formatMoney(c, { exact: true });
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
const minutes = (m: number) =>
  m % 1440 === 0
    ? `${m / 1440} day${m === 1440 ? '' : 's'}`
    : m % 60 === 0
      ? `${m / 60} hour${m === 60 ? '' : 's'}`
      : `${m} minute${m === 1 ? '' : 's'}`;

/** Carts left with something in them, the reminders they got, and what the reminders brought back. */
export default function AdminLeftCarts({ loaderData }: Route.ComponentProps) {
  const { rule, summary, carts } = loaderData;
  const tiles: Array<[string, string]> = [
    ['Carts reminded', String(summary.reminded)],
    ['E-mails sent', String(summary.emails)],
    ['Brought back', String(summary.restored)],
    ['Recovered orders', String(summary.recovered)],
    ['Recovered revenue', money(summary.revenueCents)],
  ];
  return (
    <>
      <AdminHeading title="Left carts" />
      <p className="mb-4 text-sm text-muted">
        {rule.on ? (
          <>
            A reminder {minutes(rule.firstMinutes)} after a cart is last touched
            {rule.secondMinutes ? <>, and a second after {minutes(rule.secondMinutes)}</> : null}, only to shoppers who
            agreed to our e-mails.
          </>
        ) : (
          'Reminders are off.'
        )}{' '}
        <Link to="/admin/settings" className="text-primary underline">
          Change in Store settings
        </Link>
        .
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="The last 30 days">
        {tiles.map(([label, value]) => (
          <div key={label} className="border border-hairline bg-white p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ListTable
        caption="Carts left, most recently touched first (the last 30 days)"
        columns={['Last touched', 'Shopper', 'Pieces', 'Value today', 'Reminders', 'Outcome']}
        rows={carts.length}
        empty="No carts left at the moment."
        minWidth={820}
      >
        {carts.map((c) => (
          <tr key={c.cartId} className="border-b border-hairline last:border-0" data-testid="left-cart-row">
            <td className="whitespace-nowrap px-3 py-2">{when(c.updatedAt)}</td>
            <td className="px-3 py-2">
              {c.email ?? <span className="text-muted">No e-mail known</span>}
              {c.email && (
                <span className="block text-xs text-muted">
                  {c.unsubscribed ? 'Unsubscribed' : c.consent ? 'Agreed to e-mails' : 'Did not agree to e-mails'}
                </span>
              )}
            </td>
            <td className="px-3 py-2 tabular-nums">{c.lines}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(c.valueCents)}</td>
            <td className="whitespace-nowrap px-3 py-2">
              {c.reminders ? `${c.reminders}, last ${when(c.lastReminderAt!)}` : '—'}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              {c.recoveredOrder ? (
                <Link to={`/admin/orders/${c.recoveredOrder}`} className="font-medium text-primary underline">
                  Ordered {c.recoveredOrder}
                </Link>
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
