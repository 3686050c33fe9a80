import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { CategoryMappingRow, CategoryMappings } from '@facet/contracts/admin-feeds';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { CategoryOptions } from '../shared/category-options.tsx';

// Where each supplier's product groups go in the store. A group a feed names for the first time
// has no category and its designs wait off the storefront; placing it brings them in (a run).

const n = (v: number) => v.toLocaleString('en-US');

function PlaceGroup({ row, categories }: { row: CategoryMappingRow; categories: CategoryMappings['categories'] }) {
  const revalidator = useRevalidator();
  const { busy, run } = useAdminAction();
  const [categoryId, setCategoryId] = useState(row.categoryId ? String(row.categoryId) : '');
  const [error, setError] = useState<string | null>(null);
  const id = `place-${row.supplier}-${row.groupDescription}`.replace(/[^\w-]/g, '-');
  const save = () =>
    run(async () => {
      if (!categoryId) {
        setError('Choose a category');
        return;
      }
      setError(null);
      const answer = await adminApi('PUT /suppliers/:code/categories', {
        params: { code: row.supplier },
        body: { groupDescription: row.groupDescription, categoryId: Number(categoryId) },
      });
      const name = categories.find((c) => c.id === Number(categoryId))?.name ?? 'the category';
      toast.success(
        answer.runId
          ? `“${row.groupDescription}” goes in ${name}: its ${n(row.waiting)} waiting designs are being imported.`
          : `“${row.groupDescription}” goes in ${name}${row.categoryId ? ' from the next import' : ''}.`,
      );
      void revalidator.revalidate();
    });
  return (
    <form
      method="post"
      className="flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <select
        id={id}
        aria-label={`Category for ${row.groupDescription} (${row.supplier})`}
        value={categoryId}
        onChange={(e) => setCategoryId(e.target.value)}
        className="field w-56 py-1.5 text-sm"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose a category…</option>
        <CategoryOptions categories={categories} />
      </select>
      <button
        type="submit"
        className="btn-secondary py-1.5 text-xs"
        disabled={busy || categoryId === String(row.categoryId ?? '')}
      >
        {row.categoryId ? 'Move' : 'Place'}
      </button>
      {error && (
        <p id={`${id}-error`} className="w-full text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

export function SupplierCategories({ data }: { data: CategoryMappings }) {
  const waiting = data.mappings.filter((m) => m.categoryId === null);
  return (
    <section aria-labelledby="categories-heading" id="categories" className="mb-6 scroll-mt-20">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="categories-heading" className="text-sm font-semibold">
          Supplier categories
        </h2>
        <p className="text-xs text-muted">
          {waiting.length
            ? `${n(waiting.length)} product group${waiting.length === 1 ? '' : 's'} waiting for a category`
            : 'Every product group has a category'}
        </p>
      </div>
      <p className="mb-2 max-w-3xl text-xs text-muted">
        Each product group a supplier&rsquo;s feed names (its GroupDescription) goes in one of the store&rsquo;s
        categories. A new group&rsquo;s designs stay off the storefront until you place it; a moved group&rsquo;s
        designs move with the next import. See them all under{' '}
        <Link to="/admin/products" className="underline">
          Products
        </Link>
        .
      </p>
      {data.mappings.length === 0 ? (
        <p className="border border-hairline bg-white px-3 py-6 text-center text-sm text-muted">
          No product feeds yet. Upload one above (Products, JSON), or run <code>npm run import -- products</code>.
        </p>
      ) : (
        // A list rather than a table: on a phone each group wraps onto its own lines, its category select in reach.
        <ul
          aria-label="Suppliers’ product groups and their categories, unplaced first"
          className="divide-y divide-hairline border border-hairline bg-white text-sm"
        >
          {data.mappings.map((m) => (
            <li
              key={`${m.supplier}|${m.groupDescription}`}
              className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2 md:flex-nowrap"
            >
              <span className="w-20 shrink-0 pt-1.5 font-mono text-xs">{m.supplier}</span>
              <span className="min-w-0 flex-1 basis-48 pt-1">{m.groupDescription}</span>
              <span className="w-32 shrink-0 pt-1.5 text-xs">
                {m.waiting ? <span className="font-medium text-danger">{n(m.waiting)} waiting</span> : null}
                {m.waiting && m.designs ? ' · ' : null}
                {m.designs ? `${n(m.designs)} listed` : null}
                {!m.waiting && !m.designs ? '—' : null}
              </span>
              <PlaceGroup row={m} categories={data.categories} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
