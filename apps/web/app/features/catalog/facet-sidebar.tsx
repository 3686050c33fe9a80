import { Link } from 'react-router';
import type { Facet } from '@facet/contracts/catalog';
import type { CatalogFilter } from '@facet/contracts/catalog-filters';
import { facetName } from './facet-labels.ts';
import { useRouterLinks } from '~/lib/router-links.tsx';

interface Props {
  facets: Facet[];
  filters: CatalogFilter[];
  hrefFor: (filters: CatalogFilter[]) => string;
}

export function toggleOption(filters: CatalogFilter[], label: string, value: string): CatalogFilter[] {
  const existing = filters.find((f) => f.label === label);
  if (!existing) return [...filters, { label, matchType: 'exact', options: [value] }];
  const options = existing.options.includes(value)
    ? existing.options.filter((o) => o !== value)
    : [...existing.options, value];
  return options.length
    ? filters.map((f) => (f.label === label ? { ...f, options } : f))
    : filters.filter((f) => f.label !== label);
}

/** Checkbox-style links with counts: each is a real URL, so back/forward and sharing work. */
export function FacetSidebar({ facets, filters, hrefFor }: Props) {
  const shown = facets.filter((f) => f.values.length > 1 || filters.some((x) => x.label === f.label));
  // Dozens of values: bare anchors the router follows, keeping the scroll where the shopper is.
  const links = useRouterLinks({ preventScrollReset: true });
  return (
    <div className="space-y-7" {...links.handlers}>
      {shown.map((facet) => {
        const active = filters.find((f) => f.label === facet.label);
        const isLike = active?.matchType === 'like';
        return (
          <fieldset key={facet.label}>
            <legend className="eyebrow text-ink">{facetName(facet.label)}</legend>
            <ul className="mt-3 space-y-1.5">
              {facet.values.map((v) => {
                const checked = Boolean(
                  active &&
                  (isLike
                    ? active.options.some((o) => v.value.toLowerCase().includes(o.toLowerCase()))
                    : active.options.includes(v.value)),
                );
                return (
                  <li key={v.value}>
                    <a
                      href={hrefFor(
                        isLike && checked
                          ? filters.filter((f) => f.label !== facet.label)
                          : toggleOption(filters, facet.label, v.value),
                      )}
                      role="checkbox"
                      aria-checked={checked}
                      className="group flex items-center gap-2.5 py-0.5 text-sm"
                    >
                      <span
                        aria-hidden="true"
                        className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-[2px] border ${checked ? 'border-primary bg-primary' : 'border-[#8a8a8a] group-hover:border-ink'}`}
                      >
                        {checked && (
                          <svg viewBox="0 0 12 12" className="h-3 w-3">
                            <path d="M2.5 6.2l2.3 2.3 4.7-5" fill="none" stroke="#fff" strokeWidth="1.8" />
                          </svg>
                        )}
                      </span>
                      <span className="flex-1">{v.value}</span>
                      <span className="text-xs text-muted">{v.count}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

export function ActiveFilterChips({
  filters,
  hrefFor,
}: {
  filters: CatalogFilter[];
  hrefFor: (filters: CatalogFilter[]) => string;
}) {
  if (!filters.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {filters.flatMap((f) =>
        f.options.map((o) => (
          <li key={`${f.label}:${o}`}>
            <Link
              to={hrefFor(toggleOption(filters, f.label, o))}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full border border-primary bg-secondary px-3 py-1 text-xs text-ink hover:bg-secondary-dark"
              aria-label={`Remove filter ${facetName(f.label)}: ${o}`}
            >
              {facetName(f.label)}: {o} <span aria-hidden="true">×</span>
            </Link>
          </li>
        )),
      )}
      <li>
        <Link to={hrefFor([])} preventScrollReset className="text-xs font-medium text-primary underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}
