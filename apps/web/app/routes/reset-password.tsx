import type { Route } from './+types/reset-password';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Reset your password', description: 'Reset your password' });

export default function Page() {
  return <ComingSoon title={'Reset your password'}>{'Password resets open with accounts.'}</ComingSoon>;
}
