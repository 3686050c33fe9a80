import { useState } from 'react';
import { cancelAppointmentBody, type Appointment } from '@facet/contracts/appointments';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';

const schemas = { reason: cancelAppointmentBody.shape.reason };

/** Confirm a requested appointment, or cancel one with a reason the customer reads. */
export function AppointmentActions({ a, onChange }: { a: Appointment; onChange: (a: Appointment) => void }) {
  const { busy, run } = useAdminAction();
  const [cancelling, setCancelling] = useState(false);
  const form = useForm(schemas, { reason: '' });
  if (a.status === 'cancelled') return null;
  const send = (call: () => Promise<Appointment>, done: string) =>
    void run(async () => {
      onChange(await call());
      toast.success(done);
      setCancelling(false);
      form.reset();
    }, form.showServerErrors);

  if (cancelling)
    return (
      <form
        method="post"
        noValidate
        aria-label={`Cancel the appointment of ${a.name}`}
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          form.touchAll();
          if (form.isValid)
            send(
              () => adminApi('POST /appointments/:id/cancel', { params: a, body: { reason: form.values.reason } }),
              `Cancelled; ${a.name} is told why.`,
            );
        }}
      >
        <TextField form={form} name="reason" label="Why (the customer reads this)" required />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary bg-danger py-1.5 text-xs hover:bg-danger" disabled={busy}>
            Cancel appointment
          </button>
          <button type="button" className="btn-secondary py-1.5 text-xs" onClick={() => setCancelling(false)}>
            Keep it
          </button>
        </div>
      </form>
    );
  return (
    <div className="flex flex-wrap gap-2">
      {a.status === 'requested' && (
        <button
          type="button"
          className="btn-primary py-1.5 text-xs"
          disabled={busy}
          aria-label={`Confirm the appointment of ${a.name}`}
          onClick={() =>
            send(
              () => adminApi('POST /appointments/:id/confirm', { params: a }),
              `Confirmed; ${a.name} has the calendar invitation.`,
            )
          }
        >
          Confirm
        </button>
      )}
      <button
        type="button"
        className="btn-secondary py-1.5 text-xs"
        disabled={busy}
        aria-label={`Cancel the appointment of ${a.name}…`}
        onClick={() => setCancelling(true)}
      >
        Cancel…
      </button>
    </div>
  );
}
