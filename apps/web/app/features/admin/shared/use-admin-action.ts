import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '~/lib/api.ts';
import { toast } from '~/lib/toast.ts';

/**
 * Runs a back-office write: busy while it runs; field errors go back to the form; a lapsed
 * session goes to sign-in; any other refusal is said in a toast (409s say what changed).
 */
export function useAdminAction() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>, onFieldErrors?: (e?: Record<string, string>) => void) => {
    setBusy(true);
    try {
      await fn();
      return true;
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'The back office could not be reached. Try again.');
      if (e.status === 401) {
        navigate(`/admin/login?next=${encodeURIComponent(window.location.pathname)}`);
        return false;
      }
      onFieldErrors?.(e.errors);
      toast.error(e.status >= 500 && e.requestId ? `${e.message} (reference ${e.requestId.slice(0, 8)})` : e.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
