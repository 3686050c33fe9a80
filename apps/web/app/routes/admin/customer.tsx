import { Link, useOutletContext, useRevalidator } from 'react-router';
import { can, type StaffMe } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/customer';
import { AddressLines } from '~/components/address-lines.tsx';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { StatusBadge } from '~/features/admin/shared/status-badge.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { NoteForm } from '~/features/admin/shared/note-form.tsx';
import { CustomerRecordEditor } from '~/components/customer-record-editor.tsx';
import { DATE_KIND_LABELS, dateText, type CustomerRecord } from '@facet/contracts/customer-record';

/** The record as text, for roles that may read but not change it. */
function RecordText({ record }: { record: CustomerRecord }) {
  const parts = [
    ...(record.partnerName ? [`Partner: ${record.partnerName}`] : []),
    ...record.ringSizes.map((s) => `${s.hand} ${s.finger}: size ${s.size}`),
    ...record.dates.map((d) => `${DATE_KIND_LABELS[d.kind]}: ${dateText(d)}`),
  ];
  return parts.length ? (
    <ul className="space-y-1 text-sm">
      {parts.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  ) : (
    <p className="text-sm text-muted">Nothing kept yet.</p>
  );
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /customers/:id', { params: { id: params.id } });
}
export const ErrorBoundary = AdminRouteError;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const box = 'border border-hairline bg-white p-4';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function CustomerPage({ loaderData: c }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  const { revalidate } = useRevalidator();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="text-primary underline">
          ← Customers
        </Link>
      </p>
      <AdminHeading title={`${c.firstName} ${c.lastName}`.trim() || c.email} />
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
        <section className={box} aria-labelledby="orders">
          <h2 id="orders" className="text-sm font-semibold">
            Orders
          </h2>
          {c.orders.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No orders yet.</p>
          ) : (
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Orders by this customer</caption>
              <tbody>
                {c.orders.map((o) => (
                  <tr key={o.number} className="border-t border-hairline">
                    <td className="py-2 pr-3">
                      <Link to={`/admin/orders/${o.number}`} className="text-primary underline">
                        {o.number}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{day.format(new Date(o.placedAt))}</td>
                    <td className="py-2 pr-3">
                      <StatusBadge status={o.status} />
                    </td>
                    <td className="py-2 text-right">{formatMoney(o.totalCents, { exact: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <div className="space-y-4">
          <section className={box} aria-labelledby="contact">
            <h2 id="contact" className="text-sm font-semibold">
              Contact
            </h2>
            <p className="mt-2 text-sm">{c.email}</p>
            {c.phone && <p className="text-sm">{c.phone}</p>}
            <p className="mt-2 text-xs text-muted">
              Customer since {day.format(new Date(c.createdAt))} ·{' '}
              {c.verified ? 'e-mail verified' : 'e-mail not verified'} · newsletter: {c.newsletter} ·{' '}
              {c.marketing ? 'agreed to e-mails' : 'no e-mails beyond orders'}
            </p>
          </section>
          <section className={box} aria-labelledby="sizes-dates">
            <h2 id="sizes-dates" className="text-sm font-semibold">
              Sizes and dates
            </h2>
            <div className="mt-2">
              {can(me.role, 'customers:note') ? (
                <CustomerRecordEditor
                  dense
                  initial={c.record}
                  onSave={(r) => adminApi('PUT /customers/:id/record', { params: { id: c.id }, body: r })}
                />
              ) : (
                <RecordText record={c.record} />
              )}
            </div>
          </section>
          <section className={box} aria-labelledby="notes">
            <h2 id="notes" className="text-sm font-semibold">
              Notes
            </h2>
            {c.notes.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No notes yet.</p>
            ) : (
              <ul className="mt-2 space-y-3 text-sm">
                {c.notes.map((n) => (
                  <li key={n.id}>
                    <p className="whitespace-pre-line">{n.body}</p>
                    <p className="text-xs text-muted">
                      {n.by} · {when.format(new Date(n.at))}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {can(me.role, 'customers:note') && (
              <NoteForm
                name="Add a note about this customer"
                label="New note"
                className="mt-3 border-t border-hairline pt-3"
                onSave={async (note) => {
                  await adminApi('POST /customers/:id/notes', { params: { id: c.id }, body: { note } });
                  await revalidate();
                }}
              />
            )}
          </section>
          <section className={box} aria-labelledby="addresses">
            <h2 id="addresses" className="text-sm font-semibold">
              Address book
            </h2>
            {c.addresses.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No saved addresses.</p>
            ) : (
              <ul className="mt-2 space-y-3 text-sm">
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    <AddressLines a={a} />
                    {a.isDefaultShipping && <span className="text-xs text-muted">Default shipping</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
