import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/sales';
import { metalName } from '@facet/contracts/metals';
import type { AdminSale } from '@facet/contracts/promotions';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { ListAndEditor } from '~/features/admin/shared/list-and-editor.tsx';
import { SaleForm } from '~/features/admin/promotions/sale-form.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /sales');
}
export const ErrorBoundary = AdminRouteError;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATE: Record<AdminSale['state'], string> = {
  on: 'On now',
  scheduled: 'Scheduled',
  over: 'Over',
  stopped: 'Stopped',
};

export default function AdminSales({ loaderData }: Route.ComponentProps) {
  const { sales, categories } = loaderData;
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? sales.find((s) => s.id === editing) : undefined;
  const nameOf = new Map(categories.map((c) => [c.id, c.name]));
  const scope = (s: AdminSale) => {
    const parts = [
      ...s.categoryIds.map((id) => nameOf.get(id) ?? `category ${id}`),
      ...s.designs.map((d) => `style ${d}`),
    ];
    const metals = s.metals.length ? ` in ${s.metals.map(metalName).join(', ')}` : '';
    return `${parts.length ? parts.join(', ') : 'Every piece'}${metals}`;
  };
  return (
    <>
      <AdminHeading title="Sales">
        <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => setEditing('new')}>
          New sale
        </button>
      </AdminHeading>
      <ListAndEditor
        side="26rem"
        idle="Choose a sale to change or stop it, or schedule a new one."
        list={
          <ListTable
            caption="Sales, latest start first"
            columns={['Sale', 'On', 'When', 'State', '']}
            rows={sales.length}
            empty="No sales yet. A sale takes a percentage off pieces between two times, with no code: shoppers see the sale price and what it was."
          >
            {sales.map((s) => (
              <tr key={s.id} className={`border-t border-hairline ${editing === s.id ? 'bg-primary/5' : ''}`}>
                <td className="px-3 py-1.5">
                  <span className="font-medium">{s.name}</span>
                  <span className="block text-xs text-muted">{s.percent}% off</span>
                </td>
                <td className="max-w-[16rem] px-3 py-1.5">{scope(s)}</td>
                <td className="whitespace-nowrap px-3 py-1.5 text-xs">
                  {day.format(new Date(s.startsAt))}
                  <span className="block text-muted">to {day.format(new Date(s.endsAt))}</span>
                </td>
                <td className="px-3 py-1.5">
                  <span
                    className={
                      s.state === 'on' ? 'font-medium text-primary' : s.state === 'scheduled' ? '' : 'text-muted'
                    }
                  >
                    {STATE[s.state]}
                  </span>
                </td>
                <td className="px-3 py-1 text-right">
                  <button type="button" className="px-2 py-1 text-primary underline" onClick={() => setEditing(s.id)}>
                    Edit<span className="sr-only"> {s.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </ListTable>
        }
        editor={
          editing === null ? null : (
            <SaleForm
              key={`${String(editing)}-${current?.version ?? 0}`}
              sale={current}
              categories={categories}
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
