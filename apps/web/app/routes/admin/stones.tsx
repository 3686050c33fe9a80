import { useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/stones';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { queryFrom } from '~/features/admin/shared/list-params.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import type { AdminStoneRow as Stone } from '@facet/contracts/admin-catalogue';
import { StoneRowActions } from '~/features/admin/catalogue/stone-row-actions.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /stones', { query: queryFrom(request, ['q']) });
}
export const ErrorBoundary = AdminRouteError;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const STATUS: Record<Stone['status'], string> = {
  available: 'On sale',
  reserved: 'Reserved',
  held: 'Held',
  withdrawn: 'Withdrawn',
  sold: 'Sold',
};

export default function AdminStones({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [stones, setStones] = useState(loaderData);
  const [seen, setSeen] = useState(loaderData);
  if (seen !== loaderData) {
    setSeen(loaderData);
    setStones(loaderData);
  }
  const q = params.get('q');
  return (
    <>
      <AdminHeading title="Stones">
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/stones/diamonds/new" className="btn-primary py-1.5 text-sm">
            Add a diamond
          </Link>
          <Link to="/admin/stones/gemstones/new" className="btn-secondary py-1.5 text-sm">
            Add a gemstone
          </Link>
          <Link to="/admin/melee" className="btn-secondary py-1.5 text-sm">
            Melee
          </Link>
        </div>
      </AdminHeading>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 border border-hairline bg-white p-3">
        <label className="min-w-[16rem] flex-1 text-xs text-muted">
          Stock or certificate number
          <input
            type="search"
            name="q"
            defaultValue={q ?? ''}
            className="field mt-1 py-2"
            placeholder="LD100552 or GIA-…"
          />
        </label>
        <button type="submit" className="btn-primary py-2">
          Find
        </button>
      </Form>
      <p className="mb-2 text-sm text-muted">
        {q ? `Stones numbered ${q}` : 'Stones set aside (held or withdrawn) and stones added by hand'}
      </p>
      {stones.length === 0 ? (
        <p className="border border-hairline bg-white p-10 text-center text-sm">
          {q ? 'No stone has that stock or certificate number.' : 'No stone is set aside or added by hand.'}
        </p>
      ) : (
        <ul className="space-y-3">
          {stones.map((s) => (
            <li key={`${s.kind}${s.id}`} className="border border-hairline bg-white p-4 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <Link
                    to={`/admin/stones/${s.kind === 'diamond' ? 'diamonds' : 'gemstones'}/${s.id}`}
                    className="font-mono text-xs text-primary underline"
                  >
                    {s.serial}
                  </Link>{' '}
                  · <span className="font-medium">{s.title}</span>
                  {s.certificate && <span className="text-muted"> · {s.certificate}</span>}
                </p>
                <p>
                  {formatMoney(s.priceCents)} · <span className="font-medium">{STATUS[s.status]}</span>
                  {s.orderNumber && (
                    <>
                      {' '}
                      in{' '}
                      <Link to={`/admin/orders/${s.orderNumber}`} className="text-primary underline">
                        {s.orderNumber}
                      </Link>
                    </>
                  )}
                </p>
              </div>
              {s.holdReason && (
                <p className="mt-1 text-xs text-muted">
                  {s.holdReason}
                  {s.holdUntil ? ` · until ${day.format(new Date(s.holdUntil))}` : ''}
                </p>
              )}
              <div className="mt-3">
                <StoneRowActions
                  stone={s}
                  onChange={(n) => setStones((all) => all.map((x) => (x.kind === n.kind && x.id === n.id ? n : x)))}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
