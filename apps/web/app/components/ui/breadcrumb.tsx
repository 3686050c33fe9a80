import { useRouterLinks } from '~/lib/router-links.tsx';

export function Breadcrumb({ items }: { items: Array<{ label: string; href?: string }> }) {
  // Bare anchors moved by the router (useRouterLinks): a trail is on nearly every page.
  const links = useRouterLinks();
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-muted" {...links.handlers}>
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">/</span>}
            {item.href && i < items.length - 1 ? (
              <a href={item.href} className="hover:text-primary hover:underline">
                {item.label}
              </a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined} className="text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
      {links.prefetch}
    </nav>
  );
}

/** The same trail as schema.org BreadcrumbList (absolute URLs). */
export const breadcrumbJsonLd = (items: Array<{ label: string; href?: string }>, publicUrl: string) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((c, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: c.label,
    ...(c.href ? { item: `${publicUrl}${c.href}` } : {}),
  })),
});
