import { useParams } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { pageMeta } from '~/lib/page-meta.ts';
import { TokenAction } from '~/components/token-action.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Unsubscribe', noindex: true });

export default function Page() {
  const { token = '' } = useParams();
  return (
    <TokenAction
      title="Unsubscribe from our e-mails?"
      doneTitle="You are unsubscribed"
      description="We will send no more news, reminders about a left cart or notes before your dates to this address. E-mails about your orders still come."
      button="Unsubscribe"
      path={`/unsubscribe/${token}`}
      body={{}}
    />
  );
}
