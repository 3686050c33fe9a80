import type { Route } from './+types/profile';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your profile', description: 'Your profile' });

export default function Page() {
  return <ComingSoon title={'Your profile'}>{'Profiles open with accounts.'}</ComingSoon>;
}
