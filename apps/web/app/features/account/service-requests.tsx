import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_KIND_LABELS, TICKET_STATUS_LABELS, type AccountService } from '@facet/contracts/service-tickets';
import { paths } from '@facet/contracts/paths';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** The account's resizes and repairs: how each stands, and where to ask for another (the order it came from). */
export function ServiceRequests() {
  const [list, setList] = useState<AccountService['tickets'] | null>(null);
  useEffect(() => {
    callApi<AccountService>('/account/service')
      .then((a) => setList(a.tickets))
      .catch((err) => {
        setList([]);
        reportApiError(err);
      });
  }, []);
  return (
    <section aria-labelledby="service-requests" className="border-t border-hairline pt-8">
      <h2 id="service-requests" className="font-display text-2xl">
        Resizes and repairs
      </h2>
      <p className="mt-2 text-sm text-muted">
        For a piece bought here, open{' '}
        <Link to={paths.orders()} className="text-primary underline">
          your orders
        </Link>{' '}
        and choose “Resize or repair” beside the order it came in. You may add photographs.
      </p>
      {list === null ? (
        <div aria-busy="true" className="mt-4 h-16 animate-pulse bg-panel" />
      ) : list.length === 0 ? null : (
        <ul className="mt-4 divide-y divide-hairline border-y border-hairline text-sm">
          {list.map((t) => (
            <li key={t.number} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span>
                <Link to={paths.orderService(t.orderNumber)} className="font-medium underline">
                  {t.number}
                </Link>{' '}
                · {SERVICE_KIND_LABELS[t.kind]} · {t.title}
              </span>
              <span className="text-muted">{TICKET_STATUS_LABELS[t.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
