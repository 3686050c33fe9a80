import { useState } from 'react';
import { giftCode, type GiftBalance } from '@facet/contracts/gift-cards';
import { formatMoney } from '@facet/contracts/money';
import { ApiError } from '~/lib/api.ts';
import { callApi } from '~/lib/client-api.ts';

export interface AppliedGiftCard extends GiftBalance {
  code: string;
}

/** What each applied card pays of `totalCents`, in the order applied (the server works it out again). */
export const giftShares = (cards: AppliedGiftCard[], totalCents: number) => {
  let left = totalCents;
  return cards.map((c) => {
    const cents = Math.min(left, c.balanceCents);
    left -= cents;
    return { ...c, cents };
  });
};

/** Gift card codes at checkout: each is checked as it is applied, and paid from before the card. */
export function GiftCardsField({
  cards,
  onChange,
  totalCents,
}: {
  cards: AppliedGiftCard[];
  onChange: (cards: AppliedGiftCard[]) => void;
  totalCents: number;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    const parsed = giftCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (cards.some((c) => c.code === parsed.data)) return setError('That gift card is already applied.');
    setBusy(true);
    try {
      const b = await callApi<GiftBalance>('/gift-cards/balance', { method: 'POST', body: { code: parsed.data } });
      if (!b.active) setError(`The gift card ending ${b.last4} cannot be used. Please contact us about it.`);
      else if (b.balanceCents === 0) setError(`The gift card ending ${b.last4} has nothing left on it.`);
      else {
        onChange([...cards, { ...b, code: parsed.data }]);
        setCode('');
        setError(null);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'We could not check that card. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-5 border-b border-hairline pb-5">
      <label htmlFor="gift-code" className="mb-1 block text-sm font-medium">
        Gift card <span className="font-normal text-muted">(optional)</span>
      </label>
      <div className="flex gap-2">
        <input
          id="gift-code"
          className="field flex-1 uppercase"
          value={code}
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gift-code-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="btn-secondary" disabled={busy || !code.trim()} onClick={() => void apply()}>
          {busy ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id="gift-code-error" role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {cards.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {giftShares(cards, totalCents).map((c) => (
            <li key={c.code} className="flex items-center justify-between gap-3" data-testid="applied-gift-card">
              <span>
                Gift card ending {c.last4}: {formatMoney(c.cents, { exact: true })} of{' '}
                {formatMoney(c.balanceCents, { exact: true })}
              </span>
              <button
                type="button"
                className="text-primary underline"
                onClick={() => onChange(cards.filter((x) => x.code !== c.code))}
              >
                Remove<span className="sr-only"> the gift card ending {c.last4}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
