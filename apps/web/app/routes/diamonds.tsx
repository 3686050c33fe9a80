import type { Route } from './+types/diamonds';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Loose diamonds', description: 'Loose diamonds' });

export default function Page() {
  return <ComingSoon title={'Loose diamonds'}>{'The diamond search opens with the full catalogue.'}</ComingSoon>;
}
