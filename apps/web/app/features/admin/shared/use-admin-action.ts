import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '~/lib/api.ts';
import { toast } from '~/lib/toast.ts';

/**
 * Runs a back-office write: busy while it runs; field errors go back to the form, which marks each
 * field in words, and the focus moves to the first one; a lapsed session goes to sign-in; any other
 * refusal is said in a toast (409s say what changed). A refusal the form shows is never also a raw
 * `field: message` toast.
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
      const marked = !!onFieldErrors && !!e.errors && Object.keys(e.errors).length > 0;
      onFieldErrors?.(e.errors);
      if (marked) {
        toast.error(
          Object.keys(e.errors!).length === 1
            ? 'Not saved: see the marked field.'
            : 'Not saved: see the marked fields.',
        );
        // After the form has drawn its marks.
        setTimeout(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus(), 0);
        return false;
      }
      toast.error(e.status >= 500 && e.requestId ? `${e.message} (reference ${e.requestId.slice(0, 8)})` : e.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
