import { useState } from 'react';
import { Link } from 'react-router';
import { giftBalanceBody, type GiftBalance } from '@facet/contracts/gift-cards';
import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import type { Route } from './+types/gift-card-balance';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { useSubmit } from '~/components/form/use-submit.ts';
import { callApi } from '~/lib/client-api.ts';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Gift card balance', description: 'See what is left on a Facet gift card.' });

const schemas = { code: giftBalanceBody.shape.code };

export default function GiftCardBalance() {
  const form = useForm(schemas, { code: '' });
  const { busy, onSubmit } = useSubmit();
  const [answer, setAnswer] = useState<GiftBalance | null>(null);
  const submit = onSubmit(form, async () => {
    setAnswer(await callApi<GiftBalance>('/gift-cards/balance', { method: 'POST', body: form.values }));
  });
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 pt-10">
      <h1 className="font-display text-5xl">Gift card balance</h1>
      <p className="mt-3 text-muted">The code is in the e-mail the card came in: 16 letters and digits.</p>
      <form method="post" noValidate onSubmit={submit} aria-label="Check a gift card" className="mt-8 space-y-4">
        <TextField form={form} name="code" label="Gift card code" autoComplete="off" spellCheck={false} required />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Checking…' : 'Check balance'}
        </button>
      </form>
      {answer && (
        <div role="status" className="mt-8 border border-hairline bg-panel p-6">
          <p className="text-sm text-muted">Gift card ending {answer.last4}</p>
          <p className="mt-1 font-display text-4xl" data-testid="gift-balance">
            {formatMoney(answer.balanceCents, { exact: true })}
          </p>
          <p className="mt-2 text-sm">
            {answer.active
              ? 'Enter the code at checkout to spend it.'
              : 'This card cannot be used. Please contact us about it.'}
          </p>
        </div>
      )}
      <p className="mt-8 text-sm">
        <Link to={paths.giftCards()} className="text-primary underline">
          Buy a gift card
        </Link>
      </p>
    </div>
  );
}
