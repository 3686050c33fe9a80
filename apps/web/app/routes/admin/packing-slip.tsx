import type { Route } from './+types/packing-slip';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { loadOrderWithLabels, PrintFallback } from '~/features/admin/orders/print-sheet.tsx';
import { PackingSlipSheet } from '~/features/admin/orders/packing-slip-sheet.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: `Packing slip ${params.number}`, noindex: true });
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadOrderWithLabels(request, params.number);
export const HydrateFallback = PrintFallback;
export const ErrorBoundary = AdminRouteError;

/** What goes in the box: the pieces and the stones by stock number, no prices. */
export default function PackingSlip({ loaderData: o }: Route.ComponentProps) {
  return <PackingSlipSheet o={o} store={useRootData()!.store} />;
}
