import { useEffect, useState } from 'react';
import type { Preferences } from '@facet/contracts/account';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** The account's answer to the store's e-mails: off until the shopper turns it on. */
export function EmailPreferences() {
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [saved, setSaved] = useState('');
  useEffect(() => {
    callApi<Preferences>('/user/preferences').then(setPrefs).catch(reportApiError);
  }, []);
  const change = async (marketing: boolean) => {
    setSaved('');
    // The box follows the click at once; a refusal puts it back.
    setPrefs({ marketing });
    try {
      setPrefs(await callApi<Preferences>('/user/preferences', { method: 'PUT', body: { marketing } }));
      setSaved(marketing ? 'Saved: we will write now and then.' : 'Saved: only your orders’ e-mails from now on.');
    } catch (err) {
      setPrefs({ marketing: !marketing });
      reportApiError(err);
    }
  };
  return (
    <section aria-labelledby="email-choices" className="border-t border-hairline pt-8">
      <h2 id="email-choices" className="font-display text-2xl">
        E-mails from us
      </h2>
      <label className="mt-4 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          disabled={!prefs}
          checked={prefs?.marketing ?? false}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        <span>
          E-mail me news, a reminder if I leave something in my cart, and a note before the dates I keep.{' '}
          <span className="text-muted">
            Your orders’ e-mails come either way; every other e-mail has a one-click unsubscribe.
          </span>
        </span>
      </label>
      <p role="status" className="mt-2 min-h-5 text-sm text-muted">
        {saved}
      </p>
    </section>
  );
}
