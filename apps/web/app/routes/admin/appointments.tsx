import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPOINTMENT_KIND_LABELS, type Appointment } from '@facet/contracts/appointments';
import type { Route } from './+types/appointments';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { AppointmentActions } from '~/features/admin/appointments/appointment-actions.tsx';

const SHOWS = [
  ['upcoming', 'Upcoming'],
  ['past', 'Past'],
  ['cancelled', 'Cancelled'],
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const show = new URL(request.url).searchParams.get('show') ?? 'upcoming';
  return {
    show,
    rows: await adminLoad(request, 'GET /appointments', { query: new URLSearchParams({ show }) }),
  };
}
export const ErrorBoundary = AdminRouteError;

const STATUS: Record<Appointment['status'], { label: string; style: React.CSSProperties }> = {
  requested: { label: 'To confirm', style: { background: '#fff7e6', color: '#7a4b00', borderColor: '#f0d49a' } },
  confirmed: { label: 'Confirmed', style: { background: '#e9f5ef', color: '#1f5e4b', borderColor: '#b6dccb' } },
  cancelled: { label: 'Cancelled', style: { background: '#fbeeee', color: '#a12a2a', borderColor: '#ecc3c3' } },
};

export default function AdminAppointments({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [rows, setRows] = useState(loaderData.rows);
  const [shown, setShown] = useState(loaderData);
  // A new load (another tab of the list) replaces the rows edited here.
  if (shown !== loaderData) {
    setShown(loaderData);
    setRows(loaderData.rows);
  }
  const toConfirm = rows.filter((r) => r.status === 'requested').length;
  const show = params.get('show') ?? 'upcoming';
  return (
    <>
      <AdminHeading title="Appointments">
        <p className="text-sm text-muted">
          {show === 'upcoming' ? `${rows.length} upcoming · ${toConfirm} to confirm` : `${rows.length} shown`}
        </p>
      </AdminHeading>
      <nav aria-label="Which appointments" className="mb-4 flex gap-2">
        {SHOWS.map(([v, label]) => (
          <Link
            key={v}
            to={`/admin/appointments?show=${v}`}
            aria-current={show === v ? 'page' : undefined}
            className={`rounded-sm border px-3 py-1.5 text-sm ${show === v ? 'border-ink bg-secondary' : 'border-hairline bg-white hover:border-muted'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <ListTable
        caption={`Appointments, ${show === 'upcoming' ? 'soonest first' : 'newest first'}`}
        columns={['When', 'Customer', 'About', 'Status', '']}
        rows={rows.length}
        empty={show === 'upcoming' ? 'No appointments booked yet.' : 'None.'}
        minWidth={860}
      >
        {rows.map((a) => (
          <tr key={a.id} className="border-b border-hairline align-top last:border-0" data-testid="appointment-row">
            <td className="px-3 py-2">
              <span className="font-medium">{a.when}</span>
              <span className="block text-xs text-muted">{APPOINTMENT_KIND_LABELS[a.kind]}</span>
            </td>
            <td className="px-3 py-2">
              {a.name}
              <span className="block text-xs text-muted">
                <a href={`mailto:${a.email}`} className="underline">
                  {a.email}
                </a>
                {a.phone ? ` · ${a.phone}` : ''}
              </span>
            </td>
            <td className="max-w-[20rem] px-3 py-2">
              {a.reason}
              {a.itemTitle && (
                <span className="block text-xs">
                  {a.itemHref ? (
                    <a href={a.itemHref} className="text-primary underline" target="_blank" rel="noreferrer">
                      {a.itemTitle}
                    </a>
                  ) : (
                    a.itemTitle
                  )}
                </span>
              )}
              {a.note && <span className="block whitespace-pre-line text-xs text-muted">“{a.note}”</span>}
            </td>
            <td className="px-3 py-2">
              <span
                className="inline-block whitespace-nowrap rounded-sm border px-2 py-0.5 text-xs font-medium"
                style={STATUS[a.status].style}
              >
                {STATUS[a.status].label}
              </span>
            </td>
            <td className="w-64 px-3 py-2">
              <AppointmentActions
                a={a}
                onChange={(next) => setRows((rs) => rs.map((r) => (r.id === next.id ? next : r)))}
              />
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
