import { useParams } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { pageMeta } from '~/lib/page-meta.ts';
import { TokenAction } from '~/components/token-action.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Confirm your subscription', noindex: true });

export default function Page() {
  const { token = '' } = useParams();
  return (
    <TokenAction
      title="Confirm your subscription"
      doneTitle="You are subscribed"
      description="New designs, rare stones and care advice, about twice a month. Unsubscribe at any time."
      button="Confirm subscription"
      path="/newsletter/confirm"
      body={{ token }}
    />
  );
}
