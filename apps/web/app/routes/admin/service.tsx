import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  TICKET_STATUS_LABELS,
  type ServiceKind,
} from '@facet/contracts/service-tickets';
import type { Route } from './+types/service';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /service-tickets');
}
export const ErrorBoundary = AdminRouteError;

const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${d}T12:00:00Z`),
  );
/** A week from today: the usual promise for bench work. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** Open service tickets, the soonest due first, and a ticket opened at the counter. */
export default function AdminService({ loaderData: list }: Route.ComponentProps) {
  const [opening, setOpening] = useState(false);
  return (
    <>
      <AdminHeading title="Service">
        <button type="button" className="btn-primary px-4 py-2" onClick={() => setOpening(!opening)}>
          {opening ? 'Close' : 'New ticket'}
        </button>
      </AdminHeading>
      {opening && <NewTicket />}
      <ListTable
        caption="Open service tickets, soonest due first"
        columns={['Ticket', 'Due', 'Service', 'Piece', 'Customer', 'Status']}
        rows={list.rows.length}
        empty="No pieces in the workshop."
        minWidth={760}
      >
        {list.rows.map((t) => (
          <tr key={t.number} className="border-b border-hairline last:border-0" data-testid="ticket-row">
            <td className="whitespace-nowrap px-3 py-2">
              <Link to={`/admin/service/${t.number}`} className="font-medium text-primary underline">
                {t.number}
              </Link>
            </td>
            <td className={`whitespace-nowrap px-3 py-2 ${t.overdue ? 'font-semibold text-danger' : ''}`}>
              {t.status === 'requested' ? 'When it comes in' : dayText(t.dueOn)}
              {t.overdue ? ' · late' : ''}
            </td>
            <td className="px-3 py-2">{SERVICE_KIND_LABELS[t.kind]}</td>
            <td className="px-3 py-2">{t.piece}</td>
            <td className="px-3 py-2">{t.customer}</td>
            <td className="px-3 py-2">{TICKET_STATUS_LABELS[t.status]}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

/** Intake at the counter, or for a piece bought here (its order number and place on the order). */
function NewTicket() {
  const navigate = useNavigate();
  const { busy, run } = useAdminAction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [kind, setKind] = useState<ServiceKind>('resize');
  const submit = (ev: React.FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '').trim();
    const orderNumber = s('orderNumber').toUpperCase();
    void run(
      async () => {
        const t = await adminApi('POST /service-tickets', {
          body: {
            kind,
            customer: { name: s('name'), email: s('email'), phone: s('phone') },
            piece: s('piece'),
            order: orderNumber ? { number: orderNumber, line: Math.max(0, Number(s('line') || '1') - 1) } : null,
            targetSize: kind === 'resize' && s('targetSize') ? Number(s('targetSize')) : null,
            notes: s('notes'),
            dueOn: s('dueOn'),
          },
        });
        navigate(`/admin/service/${t.number}`);
      },
      (e) => setErrors(e ?? {}),
    );
  };
  const field = (name: string, label: string, input: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`t-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {input}
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {errors[name] && <p className="mt-1 text-sm text-danger">{errors[name]}</p>}
    </div>
  );
  return (
    <form
      method="post"
      onSubmit={submit}
      className="mb-4 grid gap-4 border border-hairline bg-white p-4 sm:grid-cols-2"
      aria-label="New service ticket"
    >
      {field(
        'kind',
        'Service',
        <select
          id="t-kind"
          className="field py-2"
          value={kind}
          onChange={(e) => setKind(e.target.value as ServiceKind)}
        >
          {SERVICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {SERVICE_KIND_LABELS[k]}
            </option>
          ))}
        </select>,
      )}
      {kind === 'resize' &&
        field(
          'targetSize',
          'Make it size',
          <input id="t-targetSize" name="targetSize" inputMode="decimal" className="field py-2" />,
        )}
      {field('name', 'Customer', <input id="t-name" name="name" autoComplete="off" className="field py-2" />)}
      {field(
        'email',
        'E-mail',
        <input id="t-email" name="email" type="email" autoComplete="off" className="field py-2" />,
      )}
      {field('phone', 'Phone (optional)', <input id="t-phone" name="phone" className="field py-2" />)}
      {field(
        'piece',
        'The piece',
        <input id="t-piece" name="piece" className="field py-2" />,
        'Metal, stones and any marks, as the receipt should say.',
      )}
      {field(
        'orderNumber',
        'Bought here? Order number',
        <input id="t-orderNumber" name="orderNumber" placeholder="FCT-…" className="field py-2 uppercase" />,
        'A ring bought here is resized free once within the store’s window.',
      )}
      {field(
        'line',
        'Item on that order (1 = first)',
        <input id="t-line" name="line" inputMode="numeric" defaultValue="1" className="field py-2" />,
      )}
      {field(
        'dueOn',
        'Ready by',
        <input id="t-dueOn" name="dueOn" type="date" defaultValue={inAWeek()} className="field py-2" />,
      )}
      {field('notes', 'Notes (staff only)', <input id="t-notes" name="notes" className="field py-2" />)}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary px-6 py-2" disabled={busy}>
          {busy ? 'Opening…' : 'Open the ticket'}
        </button>
      </div>
    </form>
  );
}
