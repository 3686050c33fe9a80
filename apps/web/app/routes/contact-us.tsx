import type { Route } from './+types/contact-us';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Contact us', description: 'Contact us' });

export default function Page() {
  return <ComingSoon title={'Contact us'}>{'Our contact form is on its way. Meanwhile, write to us at the address in the footer.'}</ComingSoon>;
}
