import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/gem';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { GemForm } from '~/features/admin/catalogue/gem-form.tsx';
import { StonePhotos } from '~/features/admin/catalogue/stone-photos.tsx';
import { StoneReport } from '~/features/admin/catalogue/stone-report.tsx';
import { toast } from '~/lib/toast.ts';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return params.id === 'new'
    ? adminLoad(request, 'GET /stones/gemstones/new')
    : adminLoad(request, 'GET /stones/gemstones/:id', { params: { id: params.id } });
}
export const ErrorBoundary = AdminRouteError;

export default function GemPage({ loaderData: g }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const fresh = g.id === 0;
  const editable = fresh || g.currentStatus === 'available' || g.currentStatus === 'held';
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/stones" className="text-primary underline">
          ← Stones
        </Link>
      </p>
      <AdminHeading title={fresh ? 'Add a gemstone' : `Gemstone ${g.serial}`}>
        {!fresh && g.currentStatus === 'available' && (
          <a href={g.storefrontUrl} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
            View its kind in the store
          </a>
        )}
      </AdminHeading>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,48rem)_22rem]">
        {editable ? (
          <GemForm
            key={g.version}
            gem={g}
            action={fresh ? 'Add the gemstone' : 'Save changes'}
            onSave={async (stone) => {
              if (fresh) {
                const made = await adminApi('POST /stones/gemstones', { body: stone });
                toast.success(
                  `${made.serial} is ${made.currentStatus === 'available' ? 'on sale' : 'saved and held'}.`,
                );
                navigate(`/admin/stones/gemstones/${made.id}`);
              } else {
                await adminApi('PUT /stones/gemstones/:id', {
                  params: { id: g.id },
                  body: { version: g.version, stone },
                });
                toast.success('Saved. The store shows the change within a second.');
                await revalidate();
              }
            }}
          />
        ) : (
          <p className="max-w-3xl border border-hairline bg-white p-4 text-sm">
            This stone belongs to an order or is off sale for good, so it is no longer edited here.
          </p>
        )}
        {!fresh && (
          <StonePhotos
            kind="gemstone"
            id={g.id}
            serial={g.serial}
            photos={g.photos}
            onChanged={() => void revalidate()}
          />
        )}
        {!fresh && <StoneReport kind="gemstone" id={g.id} lab={g.stone.agtaCertificate ? 'AGTA' : 'grading'} />}
      </div>
    </>
  );
}
