import type { Route } from './+types/home';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Fine jewelry, diamonds and gemstones', description: 'Facet Fine Jewelry: engagement rings, wedding bands, certified diamonds and notable gemstones.' });

export default function Page() {
  return <ComingSoon title={'Fine jewelry, diamonds and gemstones'}></ComingSoon>;
}
