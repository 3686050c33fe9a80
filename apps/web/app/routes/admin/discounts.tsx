import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/discounts';
import { formatMoney, percentOfBp } from '@facet/contracts/money';
import type { AdminDiscount } from '@facet/contracts/promotions';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListAndEditor } from '~/features/admin/shared/list-and-editor.tsx';
import { DiscountForm } from '~/features/admin/promotions/discount-form.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /discounts');
}
export const ErrorBoundary = AdminRouteError;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const what = (d: AdminDiscount) =>
  (d.kind === 'percent'
    ? `${percentOfBp(d.percentBp!).replace(/\.00$/, '')}% off`
    : d.kind === 'amount'
      ? `${formatMoney(d.amountCents!)} off`
      : 'Free shipping') + (d.combines ? ' · combines' : '');
const when = (d: AdminDiscount) => {
  const now = Date.now();
  if (!d.active) return 'Off';
  if (d.startsAt && Date.parse(d.startsAt) > now) return `From ${day.format(new Date(d.startsAt))}`;
  if (d.endsAt && Date.parse(d.endsAt) <= now) return 'Ended';
  if (d.maxUses !== null && d.uses >= d.maxUses) return 'Used up';
  return d.endsAt ? `Until ${day.format(new Date(d.endsAt))}` : 'Running';
};

/** Codes made together show as one row: their prefix, how many, how many used, and the CSV. */
function rowsOf(codes: AdminDiscount[]) {
  const out: Array<AdminDiscount & { members?: number; used?: number }> = [];
  const seen = new Map<string, AdminDiscount & { members?: number; used?: number }>();
  for (const c of codes) {
    if (!c.batch) {
      out.push(c);
      continue;
    }
    const row = seen.get(c.batch);
    if (row) {
      row.members! += 1;
      row.used! += c.uses > 0 ? 1 : 0;
    } else {
      const first = { ...c, code: c.code.replace(/-[^-]+$/, '-…'), members: 1, used: c.uses > 0 ? 1 : 0 };
      seen.set(c.batch, first);
      out.push(first);
    }
  }
  return out;
}

export default function AdminDiscounts({ loaderData: codes }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? codes.find((c) => c.id === editing) : undefined;
  return (
    <>
      <AdminHeading title="Discount codes">
        <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => setEditing('new')}>
          New code
        </button>
      </AdminHeading>
      <ListAndEditor
        side="26rem"
        idle="Choose a code to change it, or make a new one."
        list={
          <>
            <ListTable
              caption="Discount codes, newest first"
              columns={['Code', 'Takes off', 'When', 'Used', '']}
              rows={codes.length}
              empty={<>No codes yet. Make one for a sale, an event or a customer.</>}
            >
              {rowsOf(codes).map((c) => (
                <tr key={c.id} className={`border-t border-hairline ${editing === c.id ? 'bg-primary/5' : ''}`}>
                  <td className="px-3 py-1.5">
                    <span className="font-mono text-xs font-medium">{c.code}</span>
                    <span className="block text-xs text-muted">{c.name}</span>
                  </td>
                  <td className="px-3 py-1.5">{what(c)}</td>
                  <td className="px-3 py-1.5">{when(c)}</td>
                  <td className="px-3 py-1.5 tabular-nums">
                    {c.members
                      ? `${c.used} of ${c.members} codes`
                      : `${c.uses}${c.maxUses !== null ? ` of ${c.maxUses}` : ''}`}
                  </td>
                  <td className="px-3 py-1 text-right">
                    {c.members ? (
                      <a
                        href={`/api/admin/discounts/batches/${c.batch}/codes.csv`}
                        download
                        className="px-2 py-1 text-primary underline"
                      >
                        Codes (CSV)<span className="sr-only"> for {c.code}</span>
                      </a>
                    ) : (
                      <button
                        type="button"
                        className="px-2 py-1 text-primary underline"
                        onClick={() => setEditing(c.id)}
                      >
                        Edit<span className="sr-only"> {c.code}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </ListTable>
          </>
        }
        editor={
          editing === null ? null : (
            <DiscountForm
              key={`${String(editing)}-${current?.version ?? 0}`}
              discount={current}
              onSaved={() => {
                setEditing(null);
                void revalidate();
              }}
            />
          )
        }
      />
    </>
  );
}
