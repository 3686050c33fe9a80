import { Fragment, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/categories';
import type { AdminCategory } from '@facet/contracts/admin-categories';
import { MENU_SECTIONS } from '@facet/contracts/menu';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListAndEditor } from '~/features/admin/shared/list-and-editor.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { CategoryEditor } from '~/features/admin/catalogue/category-editor.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /categories');
}
export const ErrorBoundary = AdminRouteError;

/** The categories of a section as a tree, depth first, each with its depth. */
function tree(all: AdminCategory[], section: string) {
  const out: Array<{ c: AdminCategory; depth: number; first: boolean; last: boolean }> = [];
  const walk = (parentId: number | null, depth: number) => {
    const kids = all
      .filter((c) => c.parentId === parentId && (parentId !== null || c.section === section))
      .sort((a, b) => a.position - b.position || a.id - b.id);
    kids.forEach((c, i) => {
      out.push({ c, depth, first: i === 0, last: i === kids.length - 1 });
      walk(c.id, depth + 1);
    });
  };
  walk(null, 0);
  return out;
}

export default function AdminCategories({ loaderData: list }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? list.categories.find((c) => c.id === editing) : undefined;
  const move = (c: AdminCategory, direction: 'up' | 'down') =>
    run(async () => {
      await adminApi('POST /categories/:id/move', { params: { id: c.id }, body: { version: c.version, direction } });
      await revalidate();
    });

  return (
    <>
      <AdminHeading title="Categories">
        <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => setEditing('new')}>
          New category
        </button>
      </AdminHeading>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-muted">
        The store’s menu sections and the categories under them, in the order shoppers see them. Moving a category takes
        its own categories with it; its pieces and their links stay as they are.
      </p>
      <ListAndEditor
        side="24rem"
        idle="Choose a category to rename, move, hide or describe it, or make a new one."
        list={
          <>
            {/* relative: the screen-reader-only words in the cells stay clipped inside the table */}
            <div className="relative overflow-x-auto border border-hairline bg-white">
              <table className="w-full text-sm">
                <caption className="sr-only">Categories by menu section</caption>
                <thead className="text-left text-xs uppercase tracking-wider text-muted">
                  <tr className="border-b border-hairline">
                    <th scope="col" className="px-3 py-2 font-medium">
                      Category
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Designs
                    </th>
                    <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                      Menu
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {MENU_SECTIONS.map((s) => (
                    <Fragment key={s}>
                      <tr className="bg-panel">
                        <th scope="rowgroup" colSpan={4} className="px-3 py-1.5 text-left text-xs font-semibold">
                          {s}
                        </th>
                      </tr>
                      {tree(list.categories, s).map(({ c, depth, first, last }) => (
                        <tr key={c.id} className={`border-t border-hairline ${editing === c.id ? 'bg-primary/5' : ''}`}>
                          <td className="px-3 py-1.5" style={{ paddingLeft: `${0.75 + depth * 1.25}rem` }}>
                            <Link to={`/category/${c.id}`} target="_blank" className="hover:underline">
                              {c.name}
                            </Link>{' '}
                            {c.hidden && (
                              <span className="ml-2 border border-hairline bg-panel px-1.5 py-0.5 text-xs font-medium">
                                Hidden
                              </span>
                            )}
                          </td>
                          <td className="px-2 py-1.5 text-right tabular-nums">{c.designs}</td>
                          <td className="hidden px-3 py-1.5 text-muted sm:table-cell">
                            {c.menuLinks ? `${c.menuLinks} link${c.menuLinks > 1 ? 's' : ''}` : '—'}
                          </td>
                          <td className="whitespace-nowrap px-1 py-1 text-right sm:px-3">
                            <button
                              type="button"
                              className="px-2 py-1 disabled:opacity-30"
                              disabled={busy || first}
                              onClick={() => void move(c, 'up')}
                              aria-label={`Move ${c.name} up`}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              className="px-2 py-1 disabled:opacity-30"
                              disabled={busy || last}
                              onClick={() => void move(c, 'down')}
                              aria-label={`Move ${c.name} down`}
                            >
                              ↓
                            </button>
                            <button
                              type="button"
                              className="ml-1 px-2 py-1 text-primary underline"
                              onClick={() => setEditing(c.id)}
                            >
                              Edit<span className="sr-only"> {c.name}</span>
                            </button>
                            <Link
                              to={`/admin/categories/${c.id}/arrange`}
                              className="ml-1 px-2 py-1 text-primary underline"
                            >
                              Arrange<span className="sr-only"> {c.name}</span>
                            </Link>
                          </td>
                        </tr>
                      ))}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        }
        editor={
          editing === null ? null : (
            <CategoryEditor
              key={String(editing) + (current?.version ?? '')}
              list={list}
              category={current}
              onCancel={() => setEditing(null)}
              onSaved={(c) => {
                setEditing(c.id);
                void revalidate();
              }}
            />
          )
        }
      />
    </>
  );
}
