import { Link, useOutletContext } from 'react-router';
import {
  ORDER_STATUSES,
  STATUS_LABELS,
  can,
  type AdminDashboard,
  type OrderStatus,
  type StaffMe,
} from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/dashboard';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { BackupNotice } from '~/features/admin/backups/backup-warning.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /dashboard');
}
export const ErrorBoundary = AdminRouteError;

const PERIOD: Record<number, string> = { 1: 'Last 24 hours', 7: 'Last 7 days', 30: 'Last 30 days' };
const WORK: OrderStatus[] = ['placed', 'in_production', 'ready_to_ship', 'shipped'];

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  const most = Math.max(1, ...WORK.map((s) => d.queue[s] ?? 0));
  return (
    <>
      <AdminHeading title="Dashboard" />
      {can(me.role, 'settings:manage') && <BackupNotice />}
      <div className="grid gap-4 md:grid-cols-3">
        {d.periods.map((p) => (
          <section key={p.days} className="border border-hairline bg-white p-4" aria-label={PERIOD[p.days]}>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-muted">{PERIOD[p.days]}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-y-2 text-sm">
              <dt className="text-muted">Orders</dt>
              <dd className="text-right font-semibold">{p.orders}</dd>
              <dt className="text-muted">Net sales</dt>
              <dd className="text-right font-semibold">{formatMoney(p.revenueCents)}</dd>
              <dt className="text-muted">Average order</dt>
              <dd className="text-right">{formatMoney(p.averageCents)}</dd>
              <dt className="text-muted">Stones sold</dt>
              <dd className="text-right">{p.stones}</dd>
            </dl>
          </section>
        ))}
      </div>
      <p className="mt-2 text-xs text-muted">
        Net sales: the pieces of paid orders less their discounts, less what was refunded. Gift cards count when they
        are spent, not when bought; shipping and tax are not in it; a cancelled order counts nothing.
      </p>
      <section className="mt-4 border border-hairline bg-white p-4" aria-labelledby="queue">
        <h2 id="queue" className="text-sm font-semibold">
          Work queue
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {WORK.map((s) => (
            <li key={s} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3">
              <Link to={`/admin/orders?status=${s}`} className="text-primary underline-offset-2 hover:underline">
                {STATUS_LABELS[s]}
              </Link>
              <span className="h-2 bg-panel" aria-hidden="true">
                <span className="block h-2 bg-primary" style={{ width: `${((d.queue[s] ?? 0) / most) * 100}%` }} />
              </span>
              <span className="text-right font-medium">{d.queue[s] ?? 0}</span>
            </li>
          ))}
          {me.permissions.includes('returns:manage') && (
            <li className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3">
              <Link to="/admin/returns" className="text-primary underline-offset-2 hover:underline">
                Returns waiting
              </Link>
              <span className="h-2 bg-panel" aria-hidden="true">
                <span
                  className="block h-2 bg-primary"
                  style={{ width: `${(d.returnsWaiting / Math.max(most, d.returnsWaiting)) * 100}%` }}
                />
              </span>
              <span className="text-right font-medium" data-testid="returns-waiting">
                {d.returnsWaiting}
              </span>
            </li>
          )}
        </ul>
        <p className="mt-3 text-xs text-muted">
          Also{' '}
          {ORDER_STATUSES.filter((s) => !WORK.includes(s))
            .map((s) => `${d.queue[s] ?? 0} ${STATUS_LABELS[s].toLowerCase()}`)
            .join(', ')}
          .
        </p>
      </section>
    </>
  );
}
