import { Form } from 'react-router';
import { CATEGORY_SORTS } from '@facet/contracts/constants';
import type { CatalogFilter } from '@facet/contracts/catalog-filters';

const SORT_LABELS: Record<(typeof CATEGORY_SORTS)[number], string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

/** Sort order of a listing: applies on change, and as a plain GET form without JavaScript. */
export function SortForm({
  sort,
  filters,
  onSort,
}: {
  sort: string;
  filters: CatalogFilter[];
  onSort: (sort: string) => void;
}) {
  return (
    <Form method="get" className="flex items-center gap-2">
      {filters.length > 0 && <input type="hidden" name="filters" value={JSON.stringify(filters)} />}
      <label htmlFor="sort" className="text-sm text-muted">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        className="field w-auto py-2"
        onChange={(e) => onSort(e.currentTarget.value)}
      >
        {CATEGORY_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-secondary py-2">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
