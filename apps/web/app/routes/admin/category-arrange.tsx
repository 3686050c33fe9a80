import { useState } from 'react';
import { Link, useBlocker } from 'react-router';
import type { CategoryArrangement } from '@facet/contracts/admin-catalogue';
import type { Route } from './+types/category-arrange';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /categories/:id/arrangement', { params: { id: Number(params.id) } });
}
export const ErrorBoundary = AdminRouteError;

type Piece = CategoryArrangement['pieces'][number];

/**
 * A category's "Featured" order by hand: the placed designs first (drag them, or move them with
 * the buttons), then the rest of its own as the store orders them. A design from elsewhere added
 * here joins this category as a collection; its address stays its own category.
 */
export default function ArrangeCategory({ loaderData }: Route.ComponentProps) {
  const [saved, setSaved] = useState(loaderData);
  const [placed, setPlaced] = useState<Piece[]>(saved.pieces.filter((p) => p.placed));
  const [dragging, setDragging] = useState<number | null>(null);
  const { busy, run } = useAdminAction();
  const rest = saved.pieces.filter((p) => !p.placed && p.home && !placed.some((q) => q.groupId === p.groupId));
  const dirty =
    placed.map((p) => p.groupId).join() !==
    saved.pieces
      .filter((p) => p.placed)
      .map((p) => p.groupId)
      .join();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= placed.length || from === to) return;
    setPlaced((list) => {
      const next = [...list];
      const [p] = next.splice(from, 1);
      next.splice(to, 0, p!);
      return next;
    });
    // The moved row keeps the focus, so the keys can move it again.
    requestAnimationFrame(() => {
      const same = document.getElementById(`move-${to}-${from < to ? 'down' : 'up'}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${to}-${from < to ? 'up' : 'down'}`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const place = (p: Piece, first: boolean) =>
    setPlaced((list) => (first ? [{ ...p, placed: true }, ...list] : [...list, { ...p, placed: true }]));
  const save = () =>
    void run(async () => {
      const a = await adminApi('PUT /categories/:id/arrangement', {
        params: { id: saved.categoryId },
        body: { groupIds: placed.map((p) => p.groupId) },
      });
      setSaved(a);
      setPlaced(a.pieces.filter((p) => p.placed));
      toast.success(
        `Saved: ${placed.length} design${placed.length === 1 ? '' : 's'} placed in ${a.name}. The store follows within a second.`,
      );
    });

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/categories" className="text-primary underline">
          ← Categories
        </Link>
      </p>
      <AdminHeading title={`Arrange ${saved.name}`} />
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-muted">
        Shoppers see the placed designs first under “Featured”, in this order, then the others. Drag a row, or use its
        buttons. A design from another category added here is listed in this one too; its page stays in its own.
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="border border-hairline bg-white" aria-labelledby="placed">
          <h2 id="placed" className="border-b border-hairline px-3 py-2 text-sm font-semibold">
            Placed first ({placed.length})
          </h2>
          {placed.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">
              Nothing placed by hand: “Featured” orders this category by itself. Place a design from the list below.
            </p>
          ) : (
            <ol className="divide-y divide-hairline" aria-label="Placed designs, first to last">
              {placed.map((p, i) => (
                <li
                  key={p.groupId}
                  draggable
                  onDragStart={() => setDragging(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragging !== null) move(dragging, i);
                    setDragging(null);
                  }}
                  onDragEnd={() => setDragging(null)}
                  className={`flex flex-wrap items-center gap-2 px-3 py-2 text-sm ${dragging === i ? 'opacity-50' : ''}`}
                  data-testid="placed-piece"
                >
                  <span aria-hidden="true" className="cursor-grab select-none text-muted">
                    ⋮⋮
                  </span>
                  <span className="w-6 tabular-nums text-muted">{i + 1}</span>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{p.description}</span>
                    <span className="block text-xs text-muted">
                      {p.series}
                      {p.home ? '' : ' · from another category (a collection here)'}
                      {p.published ? '' : ' · draft, not shown yet'}
                    </span>
                  </span>
                  <span className="flex items-center gap-1">
                    <button
                      type="button"
                      id={`move-${i}-up`}
                      className="px-2 py-1 disabled:opacity-30"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move ${p.description} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      id={`move-${i}-down`}
                      className="px-2 py-1 disabled:opacity-30"
                      disabled={i === placed.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${p.description} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="px-2 py-1 text-primary underline"
                      onClick={() => setPlaced((list) => list.filter((q) => q.groupId !== p.groupId))}
                    >
                      {p.home ? 'Unplace' : 'Remove'}
                      <span className="sr-only"> {p.description}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <h2 className="border-y border-hairline bg-panel px-3 py-2 text-sm font-semibold">
            Then, as “Featured” orders them ({rest.length})
          </h2>
          {rest.length === 0 ? (
            <p className="p-4 text-sm text-muted">Every design of this category is placed.</p>
          ) : (
            <ul className="divide-y divide-hairline">
              {rest.map((p) => (
                <li key={p.groupId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    {p.description}
                    <span className="block text-xs text-muted">
                      {p.series}
                      {p.published ? '' : ' · draft'}
                    </span>
                  </span>
                  <button type="button" className="px-2 py-1 text-primary underline" onClick={() => place(p, true)}>
                    Place first<span className="sr-only"> {p.description}</span>
                  </button>
                  <button type="button" className="px-2 py-1 text-primary underline" onClick={() => place(p, false)}>
                    Place last<span className="sr-only"> {p.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <AddFromElsewhere
          categoryName={saved.name}
          taken={new Set(placed.map((p) => p.groupId))}
          onAdd={(p) => place(p, false)}
        />
      </div>
      <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
        <button type="button" className="btn-primary py-2" disabled={busy || !dirty} onClick={save}>
          {busy ? 'Saving…' : 'Save order'}
        </button>
        <button
          type="button"
          className="btn-secondary py-2"
          disabled={busy || !dirty}
          onClick={() => setPlaced(saved.pieces.filter((p) => p.placed))}
        >
          Discard changes
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
      {blocker.state === 'blocked' && (
        <div
          role="alertdialog"
          aria-label="Leave without saving?"
          className="fixed inset-x-0 bottom-20 z-20 mx-auto w-[min(92vw,26rem)] border border-hairline bg-white p-4 text-sm shadow-2xl"
        >
          <p>The new order is not saved. Leave anyway?</p>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className="btn-secondary py-1.5 text-xs" onClick={() => blocker.reset()}>
              Stay
            </button>
            <button type="button" className="btn-primary py-1.5 text-xs" onClick={() => blocker.proceed()}>
              Leave
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** A design from any category, found by name or style number, to list here too. */
function AddFromElsewhere({
  categoryName,
  taken,
  onAdd,
}: {
  categoryName: string;
  taken: ReadonlySet<number>;
  onAdd: (p: Piece) => void;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Array<{
    id: number;
    series: string;
    description: string;
    category: string;
    published: boolean;
  }> | null>(null);
  const { busy, run } = useAdminAction();
  return (
    <section className="border border-hairline bg-white p-3 text-sm" aria-labelledby="add-elsewhere">
      <h2 id="add-elsewhere" className="font-semibold">
        Add a design from another category
      </h2>
      <form
        method="get"
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!q.trim()) return;
          void run(async () => {
            const list = await adminApi('GET /products', { query: { q: q.trim(), pageSize: 20 } });
            setFound(list.rows);
          });
        }}
      >
        <input
          type="search"
          aria-label="Design name or style number"
          placeholder="Name or style number"
          className="field py-1.5"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn-secondary py-1.5 text-xs" disabled={busy}>
          Find
        </button>
      </form>
      {found && (
        <ul className="mt-2 divide-y divide-hairline" aria-label="Designs found">
          {found.length === 0 && <li className="py-2 text-muted">No design has that name or style number.</li>}
          {found.map((p) => (
            <li key={p.id} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1">
                {p.description}
                <span className="block text-xs text-muted">
                  {p.series} · {p.category}
                </span>
              </span>
              {taken.has(p.id) ? (
                <span className="text-xs text-muted">Placed</span>
              ) : (
                <button
                  type="button"
                  className="px-2 py-1 text-primary underline"
                  onClick={() =>
                    onAdd({
                      groupId: p.id,
                      description: p.description,
                      series: p.series,
                      home: p.category === categoryName,
                      placed: true,
                      published: p.published,
                    })
                  }
                >
                  Add<span className="sr-only"> {p.description}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-muted">Added designs go last; move them where they belong, then save.</p>
    </section>
  );
}
