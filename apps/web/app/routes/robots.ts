import type { Route } from './+types/robots';
import { hostContext } from '~/lib/host-context.ts';

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(hostContext);
  const body = [
    'User-agent: *',
    'Disallow: /checkout',
    'Disallow: /cart',
    'Disallow: /profile',
    'Disallow: /address',
    'Disallow: /reset-password/',
    'Disallow: /dev/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
