import { useRevalidator } from 'react-router';
import type { Route } from './+types/metal-prices';
import { formatMoney } from '@facet/contracts/money';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { MetalRateEditor } from '~/features/admin/pricing/metal-rate-editor.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /metal-rates');
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminMetalPrices({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <>
      <AdminHeading title="Metal prices" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        Pieces sold as they are move by their weight times the change; made-to-order designs are priced again by the
        configurator. Preview shows the effect on real items before anything changes.
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        {loaderData.rates.map((r) => (
          <MetalRateEditor key={`${r.quality}-${r.centsPerGram}`} rate={r} onSaved={() => void revalidate()} />
        ))}
      </div>
      <section className="mt-6 border border-hairline bg-white p-4" aria-labelledby="history">
        <h2 id="history" className="text-sm font-semibold">
          History
        </h2>
        {loaderData.history.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No change yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {loaderData.history.map((h) => (
              <li key={h.id}>
                {when.format(new Date(h.at))} ·{' '}
                {loaderData.rates.find((r) => r.quality === h.quality)?.name ?? h.quality}:{' '}
                {formatMoney(h.fromCents, { exact: true })} → {formatMoney(h.toCents, { exact: true })} a gram · {h.by}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
