import { paymentText } from '@facet/contracts/commerce';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  CARRIERS,
  STATUS_LABELS,
  can,
  orderRefundBody,
  trackingNumberField,
  type AdminOrder,
  type Carrier,
  type OrderStatus,
  type StaffMe,
} from '@facet/contracts/admin';
import { cancelOrderBody } from '@facet/contracts/admin-api/shared';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { proratedRefund } from '@facet/contracts/refunds';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { SelectField } from '~/components/form/select-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { Confirm } from '../shared/confirm.tsx';
import { NoteForm } from '../shared/note-form.tsx';

type Update = (o: AdminOrder) => void;
const box = 'border border-hairline bg-white p-4';
const heading = 'text-sm font-semibold';

/** What this member may do to the order now: the next step, a note, a cancellation, a refund. */
export function OrderActions({ order, me, onChange }: { order: AdminOrder; me: StaffMe; onChange: Update }) {
  // After a step the step's form is drawn afresh for the next one: the focus goes to it (or, after the
  // last step, to the page's heading) instead of being dropped with the old button.
  const stepped = useRef(false);
  useEffect(() => {
    if (!stepped.current) return;
    stepped.current = false;
    const next = document.querySelector<HTMLElement>('form[aria-label="Next step"] h2');
    (next ?? document.querySelector<HTMLElement>('main h1'))?.focus();
  }, [order.version]);
  const owed = order.paymentState === 'pending' ? 0 : order.paidCents - order.refundedCents;
  return (
    <div className="space-y-4">
      {can(me.role, 'orders:fulfil') && order.next.length > 0 && (
        <NextStep key={order.version} order={order} onChange={onChange} onStepped={() => (stepped.current = true)} />
      )}
      {can(me.role, 'orders:note') && <AddNote order={order} onChange={onChange} />}
      {can(me.role, 'orders:mail') && <Resend order={order} onChange={onChange} />}
      {can(me.role, 'orders:refund') && order.refundableCents + stillOnBoughtCards(order) > 0 && (
        <Refund order={order} onChange={onChange} />
      )}
      {can(me.role, 'orders:cancel') && ['placed', 'in_production', 'ready_to_ship'].includes(order.status) && (
        <Cancel order={order} onChange={onChange} owed={owed} canRefund={can(me.role, 'orders:refund')} />
      )}
    </div>
  );
}

const trackingSchemas = {
  carrier: z.enum(CARRIERS, 'Choose the carrier'),
  trackingNumber: trackingNumberField,
};

function NextStep({ order, onChange, onStepped }: { order: AdminOrder; onChange: Update; onStepped: () => void }) {
  // Usually one step; an order of pieces on hand may also skip production.
  const [next, setNext] = useState(order.next[0] as OrderStatus);
  const shipping = next === 'shipped';
  // A label bought here has set both already.
  const form = useForm(trackingSchemas, { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '' });
  const { busy, run } = useAdminAction();
  // Shipped and delivered e-mail the customer: asked first, since an e-mail cannot be taken back.
  const tells = next === 'shipped' || next === 'delivered';
  const [confirming, setConfirming] = useState(false);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (shipping) {
      form.touchAll();
      if (!form.isValid) return;
    }
    if (tells) setConfirming(true);
    else take();
  };
  const take = () =>
    void run(async () => {
      const body = {
        version: order.version,
        status: next,
        ...(shipping ? { carrier: form.values.carrier as Carrier, trackingNumber: form.values.trackingNumber } : {}),
      };
      const stepped = await adminApi('POST /orders/:number/status', { params: order, body });
      onStepped();
      onChange(stepped);
      // Shipped and delivered e-mail the customer (tracking; the return link): the message says so.
      toast.success(
        `Order ${order.number} marked as ${STATUS_LABELS[next].toLowerCase()}${tells ? '; the customer was e-mailed' : ''}.`,
      );
    }, form.showServerErrors);
  return (
    <form method="post" noValidate onSubmit={submit} className={box} aria-label="Next step">
      <h2 tabIndex={-1} className={`${heading} focus:outline-none`}>
        Next step
      </h2>
      {order.next.length > 1 && (
        <fieldset className="mt-2 space-y-1 text-sm">
          <legend className="text-xs text-muted">Every piece is on hand: production may be skipped.</legend>
          {order.next.map((s) => (
            <label key={s} className="flex items-center gap-2">
              <input
                type="radio"
                name="next-step"
                value={s}
                checked={next === s}
                onChange={() => setNext(s as OrderStatus)}
                className="h-4 w-4"
              />
              {STATUS_LABELS[s as OrderStatus]}
            </label>
          ))}
        </fieldset>
      )}
      {shipping && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <SelectField
            form={form}
            name="carrier"
            label="Carrier"
            options={CARRIERS.map((c) => ({ value: c, label: c }))}
            required
          />
          <TextField form={form} name="trackingNumber" label="Tracking number" autoComplete="off" required />
        </div>
      )}
      <button type="submit" className="btn-primary mt-3 w-full" disabled={busy}>
        {busy ? 'Saving…' : `Mark as ${STATUS_LABELS[next].toLowerCase()}`}
      </button>
      {shipping && <p className="mt-2 text-xs text-muted">The customer is e-mailed the tracking link.</p>}
      <Confirm
        open={confirming}
        tone="forward"
        title={`Mark order ${order.number} as ${STATUS_LABELS[next].toLowerCase()}?`}
        body={
          shipping
            ? `${order.email} is e-mailed that the order is on its way, with ${form.values.carrier} tracking number ${form.values.trackingNumber}.`
            : `${order.email} is e-mailed that the order arrived, with the link to ask for a return.`
        }
        action={shipping ? 'Ship and e-mail the customer' : 'Mark delivered and e-mail the customer'}
        onClose={() => setConfirming(false)}
        onConfirm={take}
      />
    </form>
  );
}

function AddNote({ order, onChange }: { order: AdminOrder; onChange: Update }) {
  return (
    <NoteForm
      name="Add a note"
      label="Internal note"
      onSave={async (note) =>
        onChange(
          await adminApi('POST /orders/:number/notes', {
            params: order,
            body: { version: order.version, note },
          }),
        )
      }
    />
  );
}

/** What is left on the gift cards the order bought and no refund has taken back yet. */
const liveBoughtCards = (order: AdminOrder) => order.boughtGiftCards.filter((c) => !c.takenBack);
const stillOnBoughtCards = (order: AdminOrder) => liveBoughtCards(order).reduce((s, c) => s + c.balanceCents, 0);

function Refund({ order, onChange }: { order: AdminOrder; onChange: Update }) {
  const [takeBack, setTakeBack] = useState(false);
  const live = liveBoughtCards(order);
  const left = order.refundableCents + (takeBack ? stillOnBoughtCards(order) : 0);
  const schemas = {
    amount: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'An amount like 120 or 120.50')
      .refine(
        (v) => centsOf(Number(v)) >= 1 && centsOf(Number(v)) <= left,
        `Between $0.01 and ${formatMoney(left, { exact: true })}`,
      ),
    reason: orderRefundBody.shape.reason,
  };
  const form = useForm(schemas, { amount: decimalPrice(left), reason: '' });
  const [confirming, setConfirming] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const { busy, run } = useAdminAction();
  const amountCents = centsOf(Number(form.values.amount) || 0);
  const share = proratedRefund(
    order,
    picked.map((i) => ({ line: i, quantity: order.lines[i]!.quantity })),
  );
  // Items returned: what was paid for them (less their share of a discount code) and their tax.
  const pick = (i: number, on: boolean) => {
    const next = on ? [...picked, i] : picked.filter((x) => x !== i);
    setPicked(next);
    // A gift card coming back is a gift card taken back.
    const back = takeBack || (live.length > 0 && next.some((x) => order.lines[x]!.kind === 'gift-card'));
    setTakeBack(back);
    const most = order.refundableCents + (back ? stillOnBoughtCards(order) : 0);
    const r = proratedRefund(
      order,
      next.map((x) => ({ line: x, quantity: order.lines[x]!.quantity })),
    );
    form.set('amount', decimalPrice(Math.min(most, r.totalCents || most)));
  };
  const gifts = order.giftCards ?? [];
  const backTo = `${
    gifts.length
      ? `the gift ${gifts.length === 1 ? 'card' : 'cards'} it was paid with (${gifts.map((g) => `ending ${g.last4}`).join(', ')}) first, then the customer's ${paymentText(order.payment)}`
      : `the customer's ${paymentText(order.payment)}`
  }${order.exchangeCreditCents ? ', and last the exchange credit, to the way the original order was paid' : ''}`;
  return (
    <form
      method="post"
      noValidate
      className={box}
      aria-label="Refund"
      onSubmit={(e) => {
        e.preventDefault();
        form.touchAll();
        if (form.isValid) setConfirming(true);
      }}
    >
      <h2 className={heading}>Refund</h2>
      <p className="mt-1 text-xs text-muted">
        {live.length > 0 && !takeBack
          ? `Up to ${formatMoney(left, { exact: true })} can be refunded while the gift ${live.length === 1 ? 'card it bought stays' : 'cards it bought stay'} live; ${formatMoney(stillOnBoughtCards(order), { exact: true })} more with ${live.length === 1 ? 'it' : 'them'} taken back.`
          : `Up to ${formatMoney(left, { exact: true })} can still be refunded.`}
      </p>
      <fieldset className="mt-3">
        <legend className="text-xs font-medium">Items coming back (fills in the amount)</legend>
        {order.lines.map((l, i) => (
          <label key={i} className="mt-1 flex items-start gap-2 text-xs">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={picked.includes(i)}
              onChange={(e) => pick(i, e.target.checked)}
            />
            <span>
              {l.title}
              {l.quantity > 1 ? ` × ${l.quantity}` : ''}
              {l.discountCents ? ` (less ${formatMoney(l.discountCents, { exact: true })} discount)` : ''}
            </span>
          </label>
        ))}
        {picked.length > 0 && (
          <p className="mt-1 text-xs text-muted" data-testid="refund-share">
            Items {formatMoney(share.goodsCents, { exact: true })} + tax {formatMoney(share.taxCents, { exact: true })}
          </p>
        )}
      </fieldset>
      {live.length > 0 && (
        <label className="mt-3 flex items-start gap-2 text-xs">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={takeBack}
            onChange={(e) => {
              setTakeBack(e.target.checked);
              form.set(
                'amount',
                decimalPrice(order.refundableCents + (e.target.checked ? stillOnBoughtCards(order) : 0)),
              );
            }}
          />
          <span>
            Take back the gift {live.length === 1 ? 'card' : 'cards'} this order bought (
            {live
              .map(
                (c) =>
                  `${c.last4 ? `ending ${c.last4}` : 'not sent yet'}: ${formatMoney(c.balanceCents, { exact: true })} left of ${formatMoney(c.initialCents, { exact: true })}`,
              )
              .join('; ')}
            ). {live.length === 1 ? 'It' : 'They'} can no longer be spent, and what is left on{' '}
            {live.length === 1 ? 'it' : 'them'} can be refunded. Without this, the money{' '}
            {live.length === 1 ? 'it holds' : 'they hold'} stays with {live.length === 1 ? 'it' : 'them'}.
          </span>
        </label>
      )}
      <div className="mt-3 grid gap-3">
        <TextField form={form} name="amount" label="Amount (USD)" inputMode="decimal" required />
        <TextField form={form} name="reason" label="Reason" required />
      </div>
      <button type="submit" className="btn-secondary mt-3" disabled={busy}>
        Refund…
      </button>
      <Confirm
        open={confirming}
        title={`Refund ${formatMoney(amountCents, { exact: true })}?`}
        body={`${takeBack ? `The gift ${live.length === 1 ? 'card' : 'cards'} this order bought ${live.length === 1 ? 'is' : 'are'} taken back. ` : ''}The money goes back to ${backTo}, and they are e-mailed. This cannot be undone.`}
        action="Refund"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void run(async () => {
            onChange(
              await adminApi('POST /orders/:number/refunds', {
                params: order,
                body: { version: order.version, amountCents, reason: form.values.reason, takeBackGiftCards: takeBack },
              }),
            );
            toast.success(
              `Refunded ${formatMoney(amountCents, { exact: true })} on order ${order.number}; the customer was e-mailed.`,
            );
            form.reset();
          }, form.showServerErrors)
        }
      />
    </form>
  );
}

function Cancel({
  order,
  onChange,
  owed,
  canRefund,
}: {
  order: AdminOrder;
  onChange: Update;
  owed: number;
  canRefund: boolean;
}) {
  const form = useForm({ reason: cancelOrderBody.shape.reason }, { reason: '' });
  const [confirming, setConfirming] = useState(false);
  // Refund and cancel in one step, as a rule; the owner may cancel first and refund later.
  const [refund, setRefund] = useState(owed > 0 && canRefund);
  const paid = formatMoney(owed, { exact: true });
  const { busy, run } = useAdminAction();
  return (
    <form
      method="post"
      noValidate
      className={box}
      aria-label="Cancel order"
      onSubmit={(e) => {
        e.preventDefault();
        form.touchAll();
        if (form.isValid) setConfirming(true);
      }}
    >
      <h2 className={heading}>Cancel order</h2>
      <div className="mt-3">
        <TextField form={form} name="reason" label="Reason (the customer sees it)" required />
      </div>
      {owed > 0 && (
        <label className="mt-3 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={refund}
            disabled={!canRefund}
            onChange={(e) => setRefund(e.target.checked)}
          />
          <span>
            Refund the {paid} paid, the way it was paid (gift cards first, then the card)
            {!canRefund && <span className="block text-xs text-muted">Refunding needs the refund permission.</span>}
          </span>
        </label>
      )}
      <button type="submit" className="btn-secondary mt-3 text-danger" disabled={busy}>
        Cancel order…
      </button>
      <Confirm
        open={confirming}
        title={`Cancel order ${order.number}?`}
        body={`Its stones go back on sale and its stock on the shelf at once${
          owed > 0
            ? refund
              ? `, ${paid} is refunded`
              : `; the ${paid} paid is not refunded (the order will show it owed)`
            : ''
        }, and the customer is e-mailed what was done.`}
        action="Cancel order"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void run(async () => {
            onChange(
              await adminApi('POST /orders/:number/cancel', {
                params: order,
                body: { version: order.version, reason: form.values.reason, refund: owed > 0 && refund },
              }),
            );
            toast.success(`Order ${order.number} is cancelled${owed > 0 && refund ? ` and ${paid} refunded` : ''}.`);
          }, form.showServerErrors)
        }
      />
    </form>
  );
}

function Resend({ order, onChange }: { order: AdminOrder; onChange: Update }) {
  const { busy, run } = useAdminAction();
  return (
    <div className={box}>
      <h2 className={heading}>Order confirmation</h2>
      <p className="mt-1 text-xs text-muted">
        Sends it again to {order.email} with a new link (the old link stops working).
      </p>
      <button
        type="button"
        className="btn-secondary mt-3"
        disabled={busy}
        onClick={() =>
          void run(async () => {
            onChange(await adminApi('POST /orders/:number/resend-confirmation', { params: order }));
            toast.success(`Confirmation sent again to ${order.email}.`);
          })
        }
      >
        Resend confirmation
      </button>
    </div>
  );
}
