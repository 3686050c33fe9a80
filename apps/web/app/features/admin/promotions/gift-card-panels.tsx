import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { giftAdjustBody, giftIssueBody, type AdminGiftCard } from '@facet/contracts/gift-cards';
import { centsOf, formatMoney } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A gift card for staff: its ledger, an adjustment with a reason, disabling it; and issuing one.

type Detail = Awaited<ReturnType<typeof adminApi<'GET /gift-cards/:id'>>>;
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const money = (c: number) => formatMoney(c, { exact: true });
const KIND: Record<Detail['ledger'][number]['kind'], string> = {
  issue: 'Issued',
  redeem: 'Spent',
  refund: 'Refunded to card',
  release: 'Given back (order not paid)',
  adjust: 'Adjusted',
  disable: 'Disabled',
  'take-back': 'Taken back (its order refunded)',
};

/** Dollars as typed; what amount is allowed is the contract's. */
const dollars = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d{1,2})?$/, 'Dollars, like 25 or -25');
const adjustFields = z.object({ amount: dollars, reason: z.string() });
const amountField = (path: PropertyKey[]) => (path[0] === 'amountCents' ? ['amount'] : path);

export function GiftCardDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const [card, setCard] = useState<Detail | null>(null);
  const [confirm, setConfirm] = useState(false);
  const { busy, run } = useAdminAction();
  const adjustSchema = checkedByContract(
    adjustFields,
    giftAdjustBody,
    (v) => ({ version: card?.version ?? 1, amountCents: centsOf(Number(v.amount)), reason: v.reason }),
    amountField,
  );
  const { register, handleSubmit, formState, reset, getValues } = useForm<z.infer<typeof adjustFields>>({
    resolver: zodResolver(adjustSchema),
    defaultValues: { amount: '', reason: '' },
  });
  useEffect(() => {
    void adminApi('GET /gift-cards/:id', { params: { id } }).then(setCard);
  }, [id]);
  if (!card) return <p className="border border-hairline bg-white p-4 text-sm text-muted">Loading…</p>;
  const adjust = handleSubmit((v) =>
    run(async () => {
      setCard(
        await adminApi('POST /gift-cards/:id/adjust', {
          params: { id },
          body: { version: card.version, amountCents: centsOf(Number(v.amount)), reason: v.reason },
        }),
      );
      reset();
      toast.success(
        `Balance of ${card.last4 ? `the card ending ${card.last4}` : 'the gift card'} adjusted by ${money(centsOf(Number(v.amount)))}.`,
      );
      onChanged();
    }),
  );
  const disable = () =>
    void run(async () => {
      setCard(
        await adminApi('POST /gift-cards/:id/disable', {
          params: { id },
          body: { version: card.version, reason: getValues('reason') || 'Disabled by staff' },
        }),
      );
      toast.success(
        `${card.last4 ? `Gift card ending ${card.last4}` : 'The gift card'} is disabled: it can no longer be spent.`,
      );
      onChanged();
    });
  return (
    <section
      aria-label={`Gift card ${card.last4 ?? 'not yet sent'}`}
      className="space-y-4 border border-hairline bg-white p-4"
    >
      <div>
        <h2 className="text-sm font-semibold">Gift card {card.last4 ? `ending ${card.last4}` : '(not sent yet)'}</h2>
        <p className="mt-1 text-2xl tabular-nums">{money(card.balanceCents)}</p>
        <p className="text-xs text-muted">
          of {money(card.initialCents)} · {card.active ? 'Active' : 'Disabled'} · for {card.recipientName} (
          {card.recipientEmail}) ·{' '}
          {card.deliveredAt ? `sent ${day.format(new Date(card.deliveredAt))}` : `to be sent ${card.deliverOn}`}
          {card.orderNumber ? ` · bought with ${card.orderNumber}` : ` · issued by ${card.createdBy}`}
        </p>
      </div>
      <table className="w-full text-xs">
        <caption className="sr-only">Ledger</caption>
        <thead className="text-left uppercase tracking-wider text-muted">
          <tr className="border-b border-hairline">
            {['When', 'What', 'Amount', 'Balance'].map((h) => (
              <th key={h} scope="col" className="py-1 pr-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {card.ledger.map((e, i) => (
            <tr key={i} className="border-t border-hairline align-top">
              <td className="py-1 pr-2">{day.format(new Date(e.at))}</td>
              <td className="py-1 pr-2">
                {KIND[e.kind]}
                {e.orderNumber ? ` · ${e.orderNumber}` : ''}
                <span className="block text-muted">
                  {e.by}
                  {e.reason ? ` — ${e.reason}` : ''}
                </span>
              </td>
              <td className="py-1 pr-2 tabular-nums">{e.cents ? money(e.cents) : '—'}</td>
              <td className="py-1 tabular-nums">{money(e.balanceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {card.active && (
        <form
          method="post"
          noValidate
          onSubmit={(ev) => void adjust(ev)}
          aria-label="Adjust the balance"
          className="space-y-3"
        >
          <div className="grid grid-cols-[8rem_1fr] gap-3">
            <Field label="Dollars" error={formState.errors.amount}>
              {(a) => <input {...a} {...register('amount')} className="field py-2" inputMode="decimal" />}
            </Field>
            <Field label="Reason" error={formState.errors.reason}>
              {(a) => <input {...a} {...register('reason')} className="field py-2" />}
            </Field>
          </div>
          <div className="flex gap-3">
            <button type="submit" className="btn-primary py-2" disabled={busy}>
              Adjust balance
            </button>
            <button type="button" className="btn-secondary py-2" onClick={() => setConfirm(true)} disabled={busy}>
              Disable card
            </button>
          </div>
        </form>
      )}
      <Confirm
        open={confirm}
        title={`Disable the gift card ending ${card.last4 ?? ''}?`}
        body={`Its ${money(card.balanceCents)} can no longer be spent. The reason typed above is kept in its ledger.`}
        action="Disable card"
        onConfirm={() => {
          setConfirm(false);
          disable();
        }}
        onClose={() => setConfirm(false)}
      />
    </section>
  );
}

const issueFields = z.object({
  amount: z.string().trim().regex(/^\d+$/, 'Whole dollars, $50 to $10,000'),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  reason: z.string(),
});
type IssueValues = z.infer<typeof issueFields>;
const issueBodyOf = ({ amount, ...v }: IssueValues) => ({ ...v, amountCents: centsOf(Number(amount)) });
const issueSchema = checkedByContract(issueFields, giftIssueBody, issueBodyOf, amountField);

export function IssueGiftCard({ onIssued }: { onIssued: (card: AdminGiftCard) => void }) {
  const { busy, run } = useAdminAction();
  const { register, handleSubmit, formState, setError } = useForm<IssueValues>({
    resolver: zodResolver(issueSchema),
    defaultValues: { amount: '', recipientName: '', recipientEmail: '', message: '', reason: '' },
  });
  const e = formState.errors;
  const save = handleSubmit((v) =>
    run(
      async () => {
        const card = await adminApi('POST /gift-cards', {
          body: issueBodyOf(v),
        });
        toast.success(`Gift card ending ${card.last4} e-mailed to ${card.recipientEmail}.`);
        onIssued(card);
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {}))
          if (field === 'amountCents') setError('amount', { message });
          else if (field in issueFields.shape) setError(field as keyof IssueValues, { message });
      },
    ),
  );
  return (
    <form
      method="post"
      noValidate
      onSubmit={(ev) => void save(ev)}
      aria-label="Issue a gift card"
      className="space-y-3 border border-hairline bg-white p-4"
    >
      <h2 className="text-sm font-semibold">Issue a gift card</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Dollars" error={e.amount}>
          {(a) => <input {...a} {...register('amount')} className="field py-2" inputMode="numeric" autoFocus />}
        </Field>
        <Field label="For (name)" error={e.recipientName}>
          {(a) => <input {...a} {...register('recipientName')} className="field py-2" />}
        </Field>
      </div>
      <Field
        label="Their e-mail"
        error={e.recipientEmail}
        hint="The code goes to them now, once; we keep only its last four."
      >
        {(a) => <input {...a} {...register('recipientEmail')} type="email" className="field py-2" />}
      </Field>
      <Field label="Message (optional)" error={e.message}>
        {(a) => <textarea {...a} {...register('message')} rows={2} className="field py-2" />}
      </Field>
      <Field label="Reason (kept in the ledger)" error={e.reason}>
        {(a) => <input {...a} {...register('reason')} className="field py-2" />}
      </Field>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Issuing…' : 'Issue and e-mail'}
      </button>
    </form>
  );
}
