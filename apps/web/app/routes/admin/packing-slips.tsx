import type { Route } from './+types/packing-slips';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { loadOrderWithLabels, PrintFallback } from '~/features/admin/orders/print-sheet.tsx';
import { PackingSlipSheet } from '~/features/admin/orders/packing-slip-sheet.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { BULK_ORDERS_MAX } from '@facet/contracts/admin';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Packing slips', noindex: true });

/** ?numbers=FCT-…,FCT-…: the orders selected in the list, in that order. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const numbers = (new URL(request.url).searchParams.get('numbers') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .slice(0, BULK_ORDERS_MAX);
  return Promise.all(numbers.map((n) => loadOrderWithLabels(request, n)));
}
export const HydrateFallback = PrintFallback;
export const ErrorBoundary = AdminRouteError;

/** The packing slips of many orders as one document: one Print, a page for each. */
export default function PackingSlips({ loaderData: orders }: Route.ComponentProps) {
  const store = useRootData()!.store;
  return (
    <main id="main" className="bg-white">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 p-8 pb-0 print:hidden">
        <p className="text-sm text-muted">
          {orders.length === 0
            ? 'No orders chosen: select them in the orders list.'
            : `${orders.length} packing slip${orders.length === 1 ? '' : 's'}, one a page.`}
        </p>
        {orders.length > 0 && (
          <button type="button" className="btn-primary py-2" onClick={() => window.print()}>
            Print all
          </button>
        )}
      </div>
      {orders.map((o) => (
        <PackingSlipSheet key={o.number} o={o} store={store} inBatch />
      ))}
    </main>
  );
}
