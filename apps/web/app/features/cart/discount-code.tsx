import { useId, useState } from 'react';
import type { Cart } from '@facet/contracts/commerce';
import { applyDiscountCode, removeDiscountCode } from '~/lib/cart-store.ts';
import { ApiError } from '~/lib/api.ts';
import { reportApiError } from '~/lib/client-api.ts';

/**
 * The cart's discount code: typed and applied, or shown with what it takes off and a way to remove
 * it. A code that does not apply says why, beside the field, in the server's words.
 */
export function DiscountCode({ cart }: { cart: Cart }) {
  const id = useId();
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
  if (cart.discountCode)
    return (
      <div className="mt-4 border-t border-hairline pt-4 text-sm">
        <p>
          Code <span className="font-mono font-medium">{cart.discountCode}</span>
          {cart.discountNote ? '' : ' applied'}
        </p>
        {cart.discountNote && (
          <p role="status" className="mt-1 text-danger">
            {cart.discountNote}
          </p>
        )}
        <button
          type="button"
          className="mt-1 text-primary underline"
          disabled={busy}
          onClick={() => void run(removeDiscountCode)}
        >
          Remove the code
        </button>
      </div>
    );
  return (
    <form
      method="post"
      className="mt-4 border-t border-hairline pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void run(() => applyDiscountCode(code.trim()));
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        Discount code
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
