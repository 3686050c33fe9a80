import { useId, useState } from 'react';
import type { Cart } from '@facet/contracts/commerce';
import { applyDiscountCode, removeDiscountCode } from '~/lib/cart-store.ts';
import { ApiError } from '~/lib/api.ts';
import { reportApiError } from '~/lib/client-api.ts';

/**
 * The cart's discount codes: each shown as applied (or why it no longer applies) with a way to remove
 * it, and a field for a code — another one only when the codes say they combine; the server says why
 * not, beside the field, in its words.
 */
export function DiscountCode({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      setCode('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.message);
      else reportApiError(err);
    } finally {
      setBusy(false);
    }
  };
  const codes = cart.discountCodes;
  return (
    <div className="mt-4 border-t border-hairline pt-4 text-sm">
      {codes.length > 0 && (
        <ul className="mb-3 space-y-2" aria-label="Codes on this order">
          {codes.map((c) => (
            <li key={c.code}>
              <p>
                Code <span className="font-mono font-medium">{c.code}</span>
                {c.note ? '' : ' applied'}
              </p>
              {c.note && (
                <p role="status" className="mt-1 text-danger">
                  {c.note}
                </p>
              )}
              <button
                type="button"
                className="mt-1 text-primary underline"
                disabled={busy}
                aria-label={`Remove the code ${c.code}`}
                onClick={() => void run(() => removeDiscountCode(c.code))}
              >
                Remove the code
              </button>
            </li>
          ))}
        </ul>
      )}
      <DiscountForm
        busy={busy}
        code={code}
        setCode={setCode}
        error={error}
        label={codes.length ? 'Another code' : 'Discount code'}
        onApply={(v) => void run(() => applyDiscountCode(v))}
      />
    </div>
  );
}

function DiscountForm({
  busy,
  code,
  setCode,
  error,
  label,
  onApply,
}: {
  busy: boolean;
  code: string;
  setCode: (v: string) => void;
  error: string | null;
  label: string;
  onApply: (code: string) => void;
}) {
  const id = useId();
  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) onApply(code.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field min-w-0 flex-1 py-2 uppercase"
        />
        <button type="submit" className="btn-secondary px-4 py-2" disabled={busy || !code.trim()}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
