import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { BellRing } from '~/components/icons.tsx';
import { filtersOf, queryOf } from '@facet/contracts/saved-search-filters';
import type { SavedSearch } from '@facet/contracts/saved-search';
import { useAccount } from '~/lib/account-store.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { toast } from '~/lib/toast.ts';

// A guest gives an address first: the dialog loads when first opened.
const GuestDialog = lazyPart(() => import('./save-search-dialog.tsx'), 'The alert form');

/**
 * "Save this search" on /diamonds: the current filters become an e-mail alert. Opened from a saved
 * search's Edit link (?saved=id), it updates that search instead.
 */
export function SaveSearch({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const { isLoggedIn } = useAccount();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const query = queryOf(filtersOf(params.toString()));
  const editing = isLoggedIn ? Number(params.get('saved')) || null : null;

  async function save() {
    if (!isLoggedIn) {
      setAsking(true);
      return;
    }
    setBusy(true);
    try {
      if (editing) {
        await callApi<SavedSearch>(`/saved-searches/${editing}`, { method: 'PATCH', body: { query } });
        toast.success('Saved search updated', {
          action: { label: 'Your alerts', onClick: () => navigate('/profile') },
        });
      } else {
        const r = await callApi<{ message: string }>('/saved-searches', { method: 'POST', body: { query } });
        toast.success(r.message, { action: { label: 'Your alerts', onClick: () => navigate('/profile') } });
      }
    } catch (err) {
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline disabled:text-muted disabled:no-underline"
        disabled={busy || !query}
        title={query ? undefined : 'Choose a filter first'}
        onClick={save}
      >
        <BellRing aria-hidden="true" className="h-4 w-4" />
        {editing ? 'Update saved search' : 'Save this search'}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <GuestDialog query={query} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
