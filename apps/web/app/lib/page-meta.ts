// Consistent <title>, description and canonical link for every page.
export function pageMeta(opts: { title: string; description?: string; canonical?: string; noindex?: boolean }) {
  const title = opts.title.includes('Facet') ? opts.title : `${opts.title} | Facet Fine Jewelry`;
  const tags: Array<Record<string, string>> = [{ title }];
  if (opts.description) tags.push({ name: 'description', content: opts.description });
  if (opts.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: opts.canonical });
  if (opts.noindex) tags.push({ name: 'robots', content: 'noindex' });
  tags.push({ property: 'og:title', content: title });
  return tags;
}
