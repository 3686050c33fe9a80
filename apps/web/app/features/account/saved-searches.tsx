import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SavedSearch } from '@facet/contracts/saved-search';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { toast } from '~/lib/toast.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The profile's diamond alerts: view, edit (on /diamonds), pause or resume, delete. */
export function SavedSearches() {
  const [list, setList] = useState<SavedSearch[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    callApi<SavedSearch[]>('/saved-searches')
      .then(setList)
      .catch((err) => {
        setList([]);
        reportApiError(err);
      });
  }, []);
  const run = async (id: number, fn: () => Promise<void>) => {
    setBusy(id);
    try {
      await fn();
    } catch (err) {
      reportApiError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="saved-searches" className="border-t border-hairline pt-8">
      <h2 id="saved-searches" className="font-display text-2xl">
        Diamond alerts
      </h2>
      <p className="mt-2 text-sm text-muted">
        Saved searches from the diamond page. When a new stone matches, or a matching stone’s price falls, we write, at
        most once a day.
      </p>
      {list === null ? (
        <div aria-busy="true" className="mt-4 h-20 animate-pulse bg-panel" />
      ) : list.length === 0 ? (
        <p className="mt-4 border border-dashed border-hairline px-4 py-6 text-sm text-muted">
          No saved searches yet. Choose filters on{' '}
          <Link to="/diamonds" className="text-primary underline">
            the diamond search
          </Link>{' '}
          and press “Save this search”.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-hairline border-y border-hairline" data-testid="saved-searches">
          {list.map((s) => (
            <li key={s.id} className="py-4" aria-busy={busy === s.id}>
              <p className="font-medium">{s.label}</p>
              <p className="mt-0.5 text-xs text-muted">
                {s.status === 'paused' ? 'Paused' : s.status === 'pending' ? 'Waiting for confirmation' : 'On'} · saved{' '}
                {when(s.createdAt)}
                {s.lastDigestAt ? ` · last alert ${when(s.lastDigestAt)}` : ''}
              </p>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
                <Link to={`/diamonds?${s.query}`} className="text-primary underline">
                  See matches<span className="sr-only"> for {s.label}</span>
                </Link>
                <Link to={`/diamonds?${s.query}&saved=${s.id}`} className="text-primary underline">
                  Edit filters<span className="sr-only"> of {s.label}</span>
                </Link>
                <button
                  type="button"
                  className="text-primary underline disabled:opacity-50"
                  disabled={busy === s.id}
                  onClick={() =>
                    run(s.id, async () => {
                      const next = s.status === 'paused' ? 'active' : 'paused';
                      const updated = await callApi<SavedSearch>(`/saved-searches/${s.id}`, {
                        method: 'PATCH',
                        body: { status: next },
                      });
                      setList((l) => l?.map((x) => (x.id === s.id ? updated : x)) ?? null);
                      toast.success(next === 'paused' ? 'Alert paused' : 'Alert on again');
                    })
                  }
                >
                  {s.status === 'paused' ? 'Resume' : 'Pause'}
                </button>
                <button
                  type="button"
                  className="text-muted underline hover:text-danger disabled:opacity-50"
                  disabled={busy === s.id}
                  aria-label={`Delete ${s.label}`}
                  onClick={() => {
                    if (!window.confirm(`Delete the alert “${s.label}”?`)) return;
                    void run(s.id, async () => {
                      setList(await callApi<SavedSearch[]>(`/saved-searches/${s.id}`, { method: 'DELETE' }));
                      toast.success('Alert deleted');
                    });
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
