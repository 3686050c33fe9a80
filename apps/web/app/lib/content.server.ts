import { marked } from 'marked';

// Markdown pages that live in the repo (policies, blog), bundled at build time and rendered on the server.
const files = import.meta.glob('../../content/**/*.md', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

export interface ContentPage {
  slug: string;
  title: string;
  description: string;
  date?: string;
  html: string;
}
type Kind = 'policies' | 'blog';

function parse(slug: string, raw: string): ContentPage {
  const meta: Record<string, string> = {};
  let body = raw;
  const m = /^---\n([\s\S]*?)\n---\n/.exec(raw);
  if (m) {
    body = raw.slice(m[0].length);
    for (const line of m[1]!.split('\n')) {
      const i = line.indexOf(':');
      if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  // Content is ours (committed files), not user input, so its HTML is trusted.
  return {
    slug,
    title: meta.title ?? slug,
    description: meta.description ?? '',
    date: meta.date,
    html: marked.parse(body, { async: false }),
  };
}

const pages = new Map<string, ContentPage>();
for (const [file, raw] of Object.entries(files)) {
  const m = /content\/(policies|blog)\/([a-z0-9-]+)\.md$/.exec(file);
  if (m) pages.set(`${m[1]}/${m[2]}`, parse(m[2]!, raw));
}

export const readContent = (kind: Kind, slug: string): ContentPage | null => pages.get(`${kind}/${slug}`) ?? null;

export const listContent = (kind: Kind): ContentPage[] =>
  [...pages.entries()]
    .filter(([key]) => key.startsWith(`${kind}/`))
    .map(([, p]) => p)
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
