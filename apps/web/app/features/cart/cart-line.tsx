import { useState } from 'react';
import { EngravedWords } from '~/components/engraved-words.tsx';
import { Link } from 'react-router';
import { Minus, Plus, ShoppingBag, Trash2 } from '~/components/icons.tsx';
import type { CartLine } from '@facet/contracts/commerce';
import { removeLine, updateLine } from '~/lib/cart-store.ts';
import { reportApiError } from '~/lib/client-api.ts';
import { formatMoney } from '@facet/contracts/money';
import { SaleNote, WasPrice } from '~/components/was-price.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

export function EmptyCart() {
  return (
    <div className="mt-10 border border-dashed border-hairline px-6 py-16 text-center">
      <ShoppingBag aria-hidden="true" className="mx-auto h-10 w-10 text-muted" strokeWidth={1.4} />
      <p className="mt-4 font-display text-3xl">Your cart is empty</p>
      <p className="mt-2 text-muted">Find a setting, a certified diamond or a piece to wear every day.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.category(CATEGORY.engagement)} className="btn-primary">
          Engagement rings
        </Link>
        <Link to="/diamonds" className="btn-secondary">
          Loose diamonds
        </Link>
        <Link to={paths.category(CATEGORY.bands)} className="btn-secondary">
          Wedding bands
        </Link>
      </div>
    </div>
  );
}

export function Line({ line }: { line: CartLine }) {
  const [busy, setBusy] = useState(false);
  const run = (fn: () => Promise<unknown>) => {
    setBusy(true);
    fn()
      .catch(reportApiError)
      .finally(() => setBusy(false));
  };
  const title = line.href ? (
    <Link to={line.href} className="hover:underline">
      {line.title}
    </Link>
  ) : (
    line.title
  );
  return (
    <li className="flex gap-4 py-6 sm:gap-6" data-testid="cart-line" aria-busy={busy}>
      <div className="h-24 w-24 shrink-0 bg-panel sm:h-32 sm:w-32">
        <img src={line.image} alt="" width={128} height={128} className="h-full w-full" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* The price keeps its place at the right of the first line, however long the title. */}
        <div className="flex items-start justify-between gap-4 sm:gap-6">
          <h2 className="min-w-0 flex-1 font-sans text-base font-medium">{title}</h2>
          <p className="shrink-0 whitespace-nowrap text-right font-medium" data-testid="line-total">
            {formatMoney(line.lineTotalCents, { exact: true })}
            {line.wasCents !== undefined && (
              <WasPrice cents={line.wasCents * line.quantity} className="block text-xs" />
            )}
          </p>
        </div>
        <ul className="mt-1 space-y-0.5 text-xs text-muted">
          {line.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        {line.engraving && <EngravedWords engraving={line.engraving} />}
        {line.quantity > 1 && (
          <p className="mt-1 text-xs text-muted">{formatMoney(line.unitPriceCents, { exact: true })} each</p>
        )}
        <SaleNote sale={line.sale} className="mt-1" />
        {!line.available && (
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {line.message}
          </p>
        )}
        {line.alternatives?.length ? (
          <div className="mt-2 text-sm">
            <p className="text-muted">Close to it, on sale now:</p>
            <ul className="mt-1 space-y-1">
              {line.alternatives.map((a) => (
                <li key={a.href} className="flex flex-wrap justify-between gap-x-3">
                  <Link to={a.href} className="text-primary underline underline-offset-4">
                    {a.title}
                  </Link>
                  <span>{formatMoney(a.priceCents)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-auto flex items-center gap-5 pt-3">
          {line.maxQuantity > 1 ? (
            <div
              className="inline-flex items-center border border-hairline"
              role="group"
              aria-label={`Quantity of ${line.title}`}
            >
              <button
                type="button"
                className="inline-flex h-9 w-9 items-center justify-center disabled:opacity-40"
                aria-label="Decrease quantity"
                disabled={busy || line.quantity <= 1}
                onClick={() => run(() => updateLine(line.id, line.quantity - 1))}
              >
                <Minus aria-hidden="true" className="h-4 w-4" />
              </button>
              <span className="w-8 text-center text-sm" aria-live="polite" data-testid="quantity">
                {line.quantity}
              </span>
              <button
                type="button"
                className="inline-flex h-9 w-9 items-center justify-center disabled:opacity-40"
                aria-label="Increase quantity"
                disabled={busy || line.quantity >= line.maxQuantity}
                onClick={() => run(() => updateLine(line.id, line.quantity + 1))}
              >
                <Plus aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          ) : (
            <span className="text-xs text-muted">
              {line.kind === 'diamond' || line.kind === 'gemstone' ? 'One of a kind' : 'Qty 1'}
            </span>
          )}
          <button
            type="button"
            className="inline-flex items-center gap-1 text-sm text-muted hover:text-danger"
            disabled={busy}
            onClick={() => run(() => removeLine(line.id))}
            aria-label={`Remove ${line.title}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
