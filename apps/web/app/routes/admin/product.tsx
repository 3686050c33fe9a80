import { useCallback, useState } from 'react';
import { Link, useBlocker, useNavigate, useRevalidator } from 'react-router';
import { formatMoney } from '@facet/contracts/money';
import type { Route } from './+types/product';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { ProductForm } from '~/features/admin/catalogue/product-form.tsx';
import { ProductPhotos } from '~/features/admin/catalogue/product-photos.tsx';
import { StonePlacesEditor } from '~/features/admin/catalogue/stone-places-editor.tsx';
import { FinishedPieceForm } from '~/features/admin/catalogue/finished-piece-form.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const [product, options] = await Promise.all([
    adminLoad(request, 'GET /products/:id', { params: { id: params.id } }),
    adminLoad(request, 'GET /design-options'),
  ]);
  return { ...product, categories: options.categories, priceRounding: options.priceRounding };
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminProductPage({ loaderData: p }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const [dirty, setDirty] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const navigate = useNavigate();
  const archived = p.status === 'archived';
  const onDirty = useCallback((d: boolean) => setDirty(d), []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const setPublished = (published: boolean) =>
    run(async () => {
      await adminApi('PATCH /products/:id', { params: { id: p.id }, body: { version: p.version, published } });
      toast.success(published ? 'Published: shoppers can find and buy it.' : 'Unpublished: it is now a draft.');
      await revalidate();
    });

  const setArchived = (archive: boolean) =>
    run(async () => {
      await adminApi(archive ? 'POST /products/:id/archive' : 'POST /products/:id/restore', {
        params: { id: p.id },
        body: { version: p.version },
      });
      toast.success(
        archive
          ? 'Archived: it has left the store, and its page says it is no longer made.'
          : 'Restored as a draft: check it, then publish it.',
      );
      await revalidate();
    });
  const duplicate = () =>
    run(async () => {
      const copy = await adminApi('POST /products/:id/duplicate', { params: { id: p.id } });
      toast.success('Copied as a new draft.');
      navigate(`/admin/products/${copy.id}`);
    });

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-primary underline">
          ← Products
        </Link>
      </p>
      <AdminHeading title={p.description}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {!archived && (
            <a
              href={`/admin/products/${p.id}/preview`}
              target="_blank"
              rel="noreferrer"
              className="text-primary underline"
            >
              Preview
            </a>
          )}
          {!p.configurable && !p.supplier && (
            <button
              type="button"
              className="btn-secondary py-1.5"
              disabled={busy || dirty}
              onClick={() => void duplicate()}
            >
              Duplicate
            </button>
          )}
          {archived ? (
            <button
              type="button"
              className="btn-secondary py-1.5"
              disabled={busy}
              onClick={() => void setArchived(false)}
            >
              Restore as draft
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary py-1.5"
              disabled={busy || dirty}
              onClick={() => setArchiving(true)}
            >
              Archive…
            </button>
          )}
          {archived ? null : p.published ? (
            <>
              <a href={p.storefrontUrl} target="_blank" rel="noreferrer" className="text-primary underline">
                View in the store
              </a>
              <button
                type="button"
                className="btn-secondary py-1.5"
                disabled={busy || dirty}
                onClick={() => setUnpublishing(true)}
              >
                Unpublish…
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn-primary py-1.5"
              disabled={busy || dirty}
              onClick={() => void setPublished(true)}
            >
              Publish
            </button>
          )}
        </div>
      </AdminHeading>
      <p className="-mt-2 mb-4 text-sm text-muted">
        Style {p.series} · {p.category.name} · from {formatMoney(p.minPriceCents, { exact: true })} ·{' '}
        {p.published ? (
          <span className="font-medium text-primary">Published</span>
        ) : archived ? (
          <span className="font-medium text-ink">Archived — its page tells shoppers it is no longer made</span>
        ) : (
          <span className="font-medium text-ink">Draft — shoppers cannot see it</span>
        )}
        {p.supplier ? ` · from ${p.supplier}'s product feed` : ''}
        {p.updatedAt ? ` · edited ${when.format(new Date(p.updatedAt))}` : ''}
        {dirty ? ' · save or discard your changes to publish or unpublish' : ''}
      </p>
      {p.heldReason && (
        <p role="status" className="mb-4 max-w-3xl border border-danger/40 bg-white p-3 text-sm">
          <span className="font-semibold">Kept off the storefront by the feed:</span> {p.heldReason}. It is published
          again when a later import can use its images.
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <ProductForm
          key={p.version}
          product={p}
          categories={p.categories}
          priceRounding={p.priceRounding}
          onSaved={() => void revalidate()}
          onDirtyChange={onDirty}
        />
        <ProductPhotos product={p} onChanged={() => void revalidate()} />
      </div>
      {p.stonePlaces && (
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <StonePlacesEditor key={p.version} product={p} onSaved={() => void revalidate()} />
          <FinishedPieceForm product={p} />
        </div>
      )}
      <Confirm
        open={unpublishing}
        title="Unpublish this design?"
        body="It leaves the listings, search and its page at once; carts holding it say it is no longer offered. Orders already placed are not affected. You can publish it again later."
        action="Unpublish"
        onClose={() => setUnpublishing(false)}
        onConfirm={() => {
          setUnpublishing(false);
          void setPublished(false);
        }}
      />
      <Confirm
        open={archiving}
        title="Archive this design?"
        body="It leaves the listings, search and the sitemap at once; its page tells shoppers it is no longer made and points to its category; carts holding it say so. Orders already placed are not affected. You can restore it as a draft."
        action="Archive"
        onClose={() => setArchiving(false)}
        onConfirm={() => {
          setArchiving(false);
          void setArchived(true);
        }}
      />
      <Confirm
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        body="Your changes to this product have not been saved."
        action="Leave and discard"
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
}
