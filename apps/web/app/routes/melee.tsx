import type { Route } from './+types/melee';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Melee diamonds', description: 'Melee diamonds' });

export default function Page() {
  return <ComingSoon title={'Melee diamonds'}>{'Melee parcels open with the full catalogue.'}</ComingSoon>;
}
