import { useState } from 'react';
import { z } from 'zod';
import type { AdminBody } from '@facet/contracts/admin-api';
import { stoneReason } from '@facet/contracts/admin-api/shared';
import type { AdminStoneRow } from '@facet/contracts/admin-catalogue';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { Confirm } from '../shared/confirm.tsx';

type Stone = AdminStoneRow;

const today = () => new Date().toISOString().slice(0, 10);
const schemas = {
  reason: stoneReason,
  until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the last day of the hold'),
};

/** Hold (until a day), withdraw or put back one stone; a stone in an order is changed from its order. */
export function StoneRowActions({ stone, onChange }: { stone: Stone; onChange: (s: Stone) => void }) {
  const form = useForm(schemas, { reason: '', until: '' });
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAdminAction();
  const send = (body: AdminBody<'POST /stones/:kind/:id'>, done: string) =>
    void run(async () => {
      onChange(await adminApi('POST /stones/:kind/:id', { params: stone, body }));
      toast.success(done);
      form.reset();
    }, form.showServerErrors);

  if (stone.orderNumber || stone.status === 'sold')
    return <p className="text-xs text-muted">In an order: change it there.</p>;
  if (stone.status === 'held' || stone.status === 'withdrawn')
    return (
      <button
        type="button"
        className="btn-secondary py-1.5 text-xs"
        disabled={busy}
        onClick={() => send({ action: 'release' }, `${stone.serial} is on sale again.`)}
      >
        Put back on sale
      </button>
    );
  return (
    <form
      method="post"
      noValidate
      aria-label={`Set aside ${stone.serial}`}
      className="grid gap-2 sm:grid-cols-[1fr_10rem_auto_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        form.touchAll();
        if (!form.isValid) return;
        // The hold lasts to the end of the chosen day, store time.
        send(
          {
            action: 'hold',
            reason: form.values.reason,
            until: new Date(`${form.values.until}T23:59:59`).toISOString(),
          },
          `${stone.serial} is held.`,
        );
      }}
    >
      <TextField form={form} name="reason" label="Reason" />
      <TextField form={form} name="until" label="Hold until" type="date" min={today()} />
      <button type="submit" className="btn-secondary py-2 text-xs" disabled={busy}>
        Hold
      </button>
      <button
        type="button"
        className="btn-secondary py-2 text-xs text-danger"
        disabled={busy}
        onClick={() => {
          form.touch('reason');
          if (!form.errorOf('reason') && form.values.reason.trim().length >= 3) setConfirming(true);
        }}
      >
        Withdraw…
      </button>
      <Confirm
        open={confirming}
        title={`Withdraw ${stone.serial}?`}
        body="It leaves the store until someone puts it back on sale. Customers who have it in their cart are told it is no longer offered."
        action="Withdraw"
        onClose={() => setConfirming(false)}
        onConfirm={() => send({ action: 'withdraw', reason: form.values.reason }, `${stone.serial} is withdrawn.`)}
      />
    </form>
  );
}
