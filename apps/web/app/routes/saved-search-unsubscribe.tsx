import { useParams } from 'react-router';
import type { Route } from './+types/saved-search-unsubscribe';
import { pageMeta } from '~/lib/page-meta.ts';
import { TokenAction } from '~/components/token-action.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Stop a diamond alert', noindex: true });

export default function Page() {
  const { id = '', sig = '' } = useParams();
  return (
    <TokenAction
      title="Stop this diamond alert?"
      doneTitle="Alert stopped"
      description="We will send no more e-mails for this saved search. Your other alerts, if any, go on."
      button="Stop the alert"
      path="/saved-searches/unsubscribe"
      body={{ id: Number(id), sig }}
    />
  );
}
