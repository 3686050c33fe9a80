import { useState } from 'react';
import { Link, useOutletContext, useRevalidator } from 'react-router';
import { can, type StaffMe } from '@facet/contracts/admin';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { DATE_KINDS, DATE_KIND_LABELS } from '@facet/contracts/customer-record';
import {
  SEGMENT_PIECES,
  SEGMENT_PIECE_LABELS,
  describeSegment,
  segmentFilter,
  type SegmentFilter,
} from '@facet/contracts/segments';
import type { Route } from './+types/segments';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /segments');
}
export const ErrorBoundary = AdminRouteError;

type Preview = {
  description: string;
  count: number;
  customers: Array<{ id: number; email: string; name: string; orders: number; spentCents: number }>;
};
interface Draft {
  id: number | null;
  name: string;
  piece: string;
  fromMonths: string;
  toMonths: string;
  notBought: string;
  dateKind: string;
  days: string;
  spentOver: string;
  agreed: boolean;
}
const EMPTY: Draft = {
  id: null,
  name: '',
  piece: '',
  fromMonths: '9',
  toMonths: '12',
  notBought: '',
  dateKind: '',
  days: '30',
  spentOver: '',
  agreed: false,
};
const draftOf = (id: number, name: string, f: SegmentFilter): Draft => ({
  id,
  name,
  piece: f.bought?.piece ?? '',
  fromMonths: String(f.bought?.fromMonths ?? 9),
  toMonths: String(f.bought?.toMonths ?? 12),
  notBought: f.notBought ?? '',
  dateKind: f.dateWithin?.kind ?? '',
  days: String(f.dateWithin?.days ?? 30),
  spentOver: f.spentOverCents !== undefined ? decimalPrice(f.spentOverCents) : '',
  agreed: f.agreedToEmails ?? false,
});
/** The filter the form says, checked by the same schema the server uses. */
function filterOf(d: Draft) {
  return segmentFilter.safeParse({
    ...(d.piece ? { bought: { piece: d.piece, fromMonths: Number(d.fromMonths), toMonths: Number(d.toMonths) } } : {}),
    ...(d.notBought ? { notBought: d.notBought } : {}),
    ...(d.dateKind ? { dateWithin: { kind: d.dateKind, days: Number(d.days) } } : {}),
    ...(d.spentOver.trim() ? { spentOverCents: centsOf(Number(d.spentOver.replace(/[$,]/g, ''))) } : {}),
    ...(d.agreed ? { agreedToEmails: true } : {}),
  });
}

/** Saved filters over customers: who bought what and when, dates coming up, what they spent; counted and exported. */
export default function AdminSegments({ loaderData: segments }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  const { revalidate } = useRevalidator();
  const [d, setD] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const writes = can(me.role, 'customers:note');
  const set = (patch: Partial<Draft>) => {
    setD({ ...d, ...patch });
    setPreview(null);
  };
  const run = async (work: () => Promise<void>) => {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const checked = filterOf(d);
  const field = 'field py-1.5 text-sm';
  return (
    <>
      <AdminHeading title="Segments" />
      <p className="mb-4 text-sm text-muted">
        Saved filters over customers, counted now. Export one as CSV to write to them or call them; only those who
        agreed to e-mails should get marketing.
      </p>
      <ListTable
        caption="Saved segments"
        columns={['Segment', 'Finds', 'Customers', '']}
        rows={segments.length}
        empty="No segments yet. Make one below."
        minWidth={720}
      >
        {segments.map((s) => (
          <tr key={s.id} className="border-b border-hairline last:border-0" data-testid="segment-row">
            <td className="px-3 py-2 font-medium">{s.name}</td>
            <td className="px-3 py-2 text-sm">{s.description}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.count.toLocaleString('en-US')}</td>
            <td className="whitespace-nowrap px-3 py-2 text-sm">
              <a href={`/api/admin/segments/${s.id}/customers.csv`} download className="text-primary underline">
                Export CSV<span className="sr-only"> of {s.name}</span>
              </a>
              {writes && (
                <>
                  {' · '}
                  <button
                    type="button"
                    className="text-primary underline"
                    onClick={() => setD(draftOf(s.id, s.name, s.filter))}
                  >
                    Edit<span className="sr-only"> {s.name}</span>
                  </button>
                  {' · '}
                  <button
                    type="button"
                    className="text-danger underline"
                    onClick={() => setDeleting({ id: s.id, name: s.name })}
                  >
                    Delete<span className="sr-only"> {s.name}</span>
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </ListTable>

      <form
        method="post"
        aria-labelledby="segment-form"
        className="mt-6 space-y-4 border border-hairline bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!checked.success) return setError(checked.error.issues[0]!.message);
          void run(async () => {
            const body = { name: d.name, filter: checked.data };
            if (d.id === null) await adminApi('POST /segments', { body });
            else await adminApi('PUT /segments/:id', { params: { id: d.id }, body });
            setD(EMPTY);
            setPreview(null);
            await revalidate();
          });
        }}
      >
        <h2 id="segment-form" className="text-sm font-semibold">
          {d.id === null ? 'New segment' : `Edit “${d.name}”`}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Bought</legend>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <select
                aria-label="Bought"
                className={`${field} w-auto`}
                value={d.piece}
                onChange={(e) => set({ piece: e.currentTarget.value })}
              >
                <option value="">Anything or nothing</option>
                {SEGMENT_PIECES.map((p) => (
                  <option key={p} value={p}>
                    {SEGMENT_PIECE_LABELS[p]}
                  </option>
                ))}
              </select>
              {d.piece && (
                <>
                  <input
                    aria-label="From (months ago)"
                    inputMode="numeric"
                    className={`${field} w-16`}
                    value={d.fromMonths}
                    onChange={(e) => set({ fromMonths: e.currentTarget.value })}
                  />
                  to
                  <input
                    aria-label="To (months ago)"
                    inputMode="numeric"
                    className={`${field} w-16`}
                    value={d.toMonths}
                    onChange={(e) => set({ toMonths: e.currentTarget.value })}
                  />
                  months ago
                </>
              )}
            </div>
            <label className="flex flex-wrap items-center gap-2 text-sm">
              and never bought
              <select
                className={`${field} w-auto`}
                value={d.notBought}
                onChange={(e) => set({ notBought: e.currentTarget.value })}
              >
                <option value="">(no condition)</option>
                {SEGMENT_PIECES.map((p) => (
                  <option key={p} value={p}>
                    {SEGMENT_PIECE_LABELS[p]}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Dates, spending and e-mail</legend>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <select
                aria-label="Date coming up"
                className={`${field} w-auto`}
                value={d.dateKind}
                onChange={(e) => set({ dateKind: e.currentTarget.value })}
              >
                <option value="">Any date or none</option>
                <option value="any">A date they keep</option>
                {DATE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DATE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
              {d.dateKind && (
                <>
                  in the next
                  <input
                    aria-label="Days ahead"
                    inputMode="numeric"
                    className={`${field} w-16`}
                    value={d.days}
                    onChange={(e) => set({ days: e.currentTarget.value })}
                  />
                  days
                </>
              )}
            </div>
            <label className="flex flex-wrap items-center gap-2 text-sm">
              Spent over ($)
              <input
                inputMode="decimal"
                className={`${field} w-32`}
                value={d.spentOver}
                onChange={(e) => set({ spentOver: e.currentTarget.value })}
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={d.agreed} onChange={(e) => set({ agreed: e.currentTarget.checked })} />
              Only customers who agreed to e-mails
            </label>
          </fieldset>
        </div>
        <p className="text-sm">
          <span className="text-muted">Finds: </span>
          {checked.success ? (
            describeSegment(checked.data)
          ) : (
            <span className="text-danger">{checked.error.issues[0]!.message}</span>
          )}
        </p>
        {preview && (
          <div role="status" className="text-sm">
            <p className="font-medium">
              {preview.count.toLocaleString('en-US')} customer{preview.count === 1 ? '' : 's'} now
              {preview.count > preview.customers.length ? ` (the first ${preview.customers.length} below)` : ''}
            </p>
            {preview.customers.length > 0 && (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {preview.customers.map((c) => (
                  <li key={c.id} className="truncate">
                    <Link to={`/admin/customers/${c.id}`} className="text-primary underline">
                      {c.name || c.email}
                    </Link>{' '}
                    <span className="text-muted">
                      {c.orders} order{c.orders === 1 ? '' : 's'} · {formatMoney(c.spentCents)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <button
            type="button"
            className="btn-secondary py-2"
            disabled={busy || !checked.success}
            onClick={() =>
              checked.success &&
              void run(async () =>
                setPreview(await adminApi('POST /segments/preview', { body: { filter: checked.data } })),
              )
            }
          >
            Preview
          </button>
          {writes && (
            <>
              <label className="text-sm">
                <span className="mb-1 block font-medium">Name</span>
                <input
                  className={`${field} w-64`}
                  value={d.name}
                  maxLength={80}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                />
              </label>
              <button type="submit" className="btn-primary py-2" disabled={busy || !d.name.trim()}>
                {d.id === null ? 'Save segment' : 'Save changes'}
              </button>
              {d.id !== null && (
                <button type="button" className="text-sm text-primary underline" onClick={() => set(EMPTY)}>
                  Cancel editing
                </button>
              )}
            </>
          )}
        </div>
      </form>
      <Confirm
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        body="The saved filter goes; no customer is changed or told."
        action="Delete segment"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting!.id;
          setDeleting(null);
          void run(async () => {
            await adminApi('DELETE /segments/:id', { params: { id } });
            await revalidate();
          });
        }}
      />
    </>
  );
}
