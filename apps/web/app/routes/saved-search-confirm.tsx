import { useParams } from 'react-router';
import type { Route } from './+types/saved-search-confirm';
import { pageMeta } from '~/lib/page-meta.ts';
import { TokenAction } from '~/components/token-action.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Confirm your diamond alert', noindex: true });

export default function Page() {
  const { token = '' } = useParams();
  return (
    <TokenAction
      title="Confirm your diamond alert"
      doneTitle="Your alert is on"
      description="We will e-mail you when a new diamond matches your search, or a matching stone’s price falls: at most once a day, with a link to stop in every message."
      button="Confirm the alert"
      path="/saved-searches/confirm"
      body={{ token }}
    />
  );
}
