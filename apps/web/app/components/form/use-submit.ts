import { useState } from 'react';
import { ApiError } from '~/lib/api.ts';
import { reportApiError } from '~/lib/client-api.ts';

interface Submittable {
  touchAll: () => void;
  isValid: boolean;
  showServerErrors: (e?: Record<string, string>) => void;
}

/**
 * A form submit with the three steps: loading while it runs, the work on success, and on
 * failure the server's field errors beside the fields plus the shared error handler.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>, onFieldErrors?: (e?: Record<string, string>) => void) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      if (err instanceof ApiError) onFieldErrors?.(err.errors);
      reportApiError(err);
    } finally {
      setBusy(false);
    }
  };
  /** onSubmit for a useForm form: touch every field, stop while any is invalid, else run. */
  const onSubmit = (form: Submittable, fn: () => Promise<void>) => (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.isValid) return;
    void run(fn, form.showServerErrors);
  };
  return { busy, run, onSubmit };
}
