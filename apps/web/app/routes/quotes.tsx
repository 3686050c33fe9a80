import type { PageHandle } from '~/lib/content-first.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatMoney } from '@facet/contracts/money';
import { QUOTE_STATUS_LABELS, type accountQuotes } from '@facet/contracts/quotes';
import { Gem } from '~/components/icons.tsx';
import type { Route } from './+types/quotes';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { AccountNav } from '~/features/account/account-nav.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { pageMeta } from '~/lib/page-meta.ts';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your quotes', noindex: true });

export default function Page() {
  return <RequireUser>{() => <Quotes />}</RequireUser>;
}

const dayText = (d: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** The commissions the store quoted this customer, newest first. */
function Quotes() {
  const [list, setList] = useState<z.infer<typeof accountQuotes> | null>(null);
  useEffect(() => {
    callApi<z.infer<typeof accountQuotes>>('/account/quotes').then(setList).catch(reportApiError);
  }, []);
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">Your account</p>
      <h1 className="mt-2 font-display text-5xl">Quotes</h1>
      <div className="mt-10 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <AccountNav current="quotes" />
        <section aria-label="Your quotes" aria-busy={list === null}>
          {list === null ? (
            <div className="h-40 animate-pulse bg-panel" />
          ) : list.length === 0 ? (
            <div className="border border-dashed border-hairline p-10 text-center">
              <Gem aria-hidden="true" className="mx-auto h-8 w-8 text-muted" />
              <p className="mt-3 font-display text-2xl">No quotes yet</p>
              <p className="mt-2 text-sm text-muted">When we quote you a piece made for you, it is here too.</p>
              <Link to="/book-appointment" className="btn-primary mt-6">
                Book an appointment
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-hairline border-y border-hairline">
              {list.map((q) => (
                <li key={q.number}>
                  <Link to={`/quotes/${q.number}`} className="flex flex-wrap items-center gap-4 py-4 hover:bg-panel">
                    <div className="flex-1">
                      <p className="font-medium">{q.number}</p>
                      <p className="text-sm text-muted">
                        {QUOTE_STATUS_LABELS[q.status]}
                        {q.status === 'sent' ? ` · open until ${dayText(q.expiresOn)}` : ''} · deposit{' '}
                        {formatMoney(q.depositCents, { exact: true })}
                      </p>
                    </div>
                    <p className="font-medium">{formatMoney(q.totalCents, { exact: true })}</p>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
