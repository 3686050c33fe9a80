import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/diamond';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { DiamondForm } from '~/features/admin/catalogue/diamond-form.tsx';
import { StonePhotos } from '~/features/admin/catalogue/stone-photos.tsx';
import { StoneReport } from '~/features/admin/catalogue/stone-report.tsx';
import { toast } from '~/lib/toast.ts';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /stones/diamonds/:id', { params: { id: params.id } });
}
export const ErrorBoundary = AdminRouteError;

const STATE: Record<string, string> = {
  available: 'On sale',
  held: 'Held',
  reserved: 'Reserved in a checkout',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};

export default function DiamondPage({ loaderData: d }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const editable = !d.supplier && (d.currentStatus === 'available' || d.currentStatus === 'held');
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/stones" className="text-primary underline">
          ← Stones
        </Link>
      </p>
      <AdminHeading title={`Diamond ${d.serial}`}>
        {d.currentStatus === 'available' && (
          <a href={d.storefrontUrl} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
            View in the store
          </a>
        )}
      </AdminHeading>
      <p className="-mt-2 mb-4 text-sm text-muted">
        {STATE[d.currentStatus]}
        {d.supplier ? ` · from ${d.supplier}'s feed` : ' · the store’s own'}
        {d.addedBy ? ` · added by ${d.addedBy}` : ''}
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,48rem)_22rem]">
        {editable ? (
          <DiamondForm
            key={d.version}
            diamond={d}
            action="Save changes"
            onSave={async (stone) => {
              await adminApi('PUT /stones/diamonds/:id', { params: { id: d.id }, body: { version: d.version, stone } });
              toast.success('Saved. The store shows the change within a second.');
              await revalidate();
            }}
          />
        ) : (
          <p className="max-w-3xl border border-hairline bg-white p-4 text-sm">
            {d.supplier
              ? `This stone comes from ${d.supplier}'s feed: change it there, or its next import would undo the change. Hold or withdraw it from Stones.`
              : 'This stone belongs to an order or is off sale for good, so it is no longer edited here.'}
          </p>
        )}
        <div className="space-y-4">
          <StonePhotos
            kind="diamond"
            id={d.id}
            serial={d.serial}
            photos={d.photos}
            onChanged={() => void revalidate()}
          />
          <StoneReport kind="diamond" id={d.id} lab={d.stone.lab} />
        </div>
      </div>
    </>
  );
}
