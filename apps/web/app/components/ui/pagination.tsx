import { Link } from 'react-router';

/**
 * Real links (crawlable, work without JS): page N of the current URL. `more`: `count` is a lower
 * bound (the list stopped counting), so no last page is named and Next stays.
 */
export function Pagination({
  page,
  pageSize,
  count,
  hrefFor,
  more = false,
}: {
  page: number;
  pageSize: number;
  count: number;
  hrefFor: (page: number) => string;
  more?: boolean;
}) {
  const last = more ? Infinity : Math.max(1, Math.ceil(count / pageSize));
  if (last <= 1) return null;
  const pages = [
    ...new Set([1, page - 1, page, page + 1, ...(more ? [] : [last])].filter((p) => p >= 1 && p <= last)),
  ].sort((a, b) => a - b);
  const cls = 'inline-flex h-10 min-w-10 items-center justify-center rounded-sm border px-3 text-sm';
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${cls} border-hairline hover:border-ink`}>
          Previous
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1]! > 1 && (
            <span aria-hidden="true" className="text-muted">
              …
            </span>
          )}
          <Link
            to={hrefFor(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={`${cls} ${p === page ? 'border-ink bg-ink text-white' : 'border-hairline hover:border-ink'}`}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < last ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${cls} border-hairline hover:border-ink`}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
