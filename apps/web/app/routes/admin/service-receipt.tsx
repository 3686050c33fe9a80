import type { Route } from './+types/service-receipt';
import { SERVICE_KIND_LABELS } from '@facet/contracts/service-tickets';
import { formatMoney } from '@facet/contracts/money';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { PrintFrame } from '~/features/admin/orders/print-sheet.tsx';

export const meta: Route.MetaFunction = ({ params }) => pageMeta({ title: `Receipt ${params.number}`, noindex: true });
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  adminLoad(request, 'GET /service-tickets/:number', { params: { number: params.number } });
export function HydrateFallback() {
  return <p className="p-8 text-sm text-muted">Loading the receipt…</p>;
}
export const ErrorBoundary = AdminRouteError;

const day = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** The intake receipt the customer takes home: the ticket number, the piece as received, the promise. */
export default function ServiceReceipt({ loaderData: t }: Route.ComponentProps) {
  const store = useRootData()!.store;
  return (
    <PrintFrame
      title="Intake receipt"
      reference={
        <p className="font-mono text-lg" data-testid="receipt-number">
          {t.number}
        </p>
      }
      day={new Date(t.createdAt)}
      store={store}
      width="max-w-2xl"
    >
      <dl className="mt-6 grid grid-cols-[9rem_1fr] gap-y-2">
        <dt className="text-muted">Customer</dt>
        <dd>
          {t.customer.name}
          <br />
          {t.customer.email}
          {t.customer.phone ? ` · ${t.customer.phone}` : ''}
        </dd>
        <dt className="text-muted">Piece as received</dt>
        <dd>{t.piece}</dd>
        <dt className="text-muted">Service</dt>
        <dd>
          {SERVICE_KIND_LABELS[t.kind]}
          {t.targetSize !== null ? ` to size ${t.targetSize}` : ''}
          {t.free ? ' (free: a ring bought here)' : ''}
        </dd>
        {t.order && (
          <>
            <dt className="text-muted">Bought here</dt>
            <dd>
              Order {t.order.number} · {t.order.title}
            </dd>
          </>
        )}
        <dt className="text-muted">Estimate</dt>
        <dd>
          {t.free
            ? 'No charge'
            : t.estimateCents === null
              ? 'To follow by e-mail, for your approval before any work'
              : formatMoney(t.estimateCents, { exact: true })}
        </dd>
        <dt className="text-muted">Ready by</dt>
        <dd>{day(t.dueOn)}</dd>
      </dl>
      <p className="mt-8 text-xs text-muted">
        Bring this receipt or photo ID to collect the piece. It is insured while in our care. Received by {t.createdBy}.
      </p>
      <div className="mt-10 grid grid-cols-2 gap-10 text-xs">
        <p className="border-t border-ink pt-1">Customer’s signature</p>
        <p className="border-t border-ink pt-1">For {store.name}</p>
      </div>
    </PrintFrame>
  );
}
