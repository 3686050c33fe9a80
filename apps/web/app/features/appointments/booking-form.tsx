import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CalendarCheck2 } from '~/components/icons.tsx';
import {
  APPOINTMENT_KIND_LABELS,
  APPOINTMENT_KINDS,
  APPOINTMENT_REASONS,
  bookBody,
  type Appointment,
  type AppointmentKind,
  type SlotsAnswer,
} from '@facet/contracts/appointments';
import { useForm } from '~/components/form/use-form.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { SelectField } from '~/components/form/select-field.tsx';
import { ChipRadioGroup } from '~/components/ui/chip-radio-group.tsx';
import { ApiError } from '~/lib/api.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { useAccount } from '~/lib/account-store.ts';

const shape = bookBody.shape;
const schemas = { name: shape.name, email: shape.email, phone: shape.phone, reason: shape.reason, note: shape.note };

export interface ItemOfInterest {
  kind: 'product' | 'diamond' | 'gemstone';
  id: number;
  title: string | null;
}

/** Choose how, a day and a time from the free slots, say why; the answer names the time booked. */
export function BookingForm({ item }: { item: ItemOfInterest | null }) {
  const { loggedUser } = useAccount();
  const form = useForm(schemas, {
    name: loggedUser ? `${loggedUser.firstName} ${loggedUser.lastName}`.trim() : '',
    email: loggedUser?.email ?? '',
    phone: '',
    reason: item?.kind === 'diamond' ? 'Loose diamonds' : item?.kind === 'gemstone' ? 'Gemstones' : '',
    note: '',
  });
  const { busy, onSubmit } = useSubmit();
  const [kind, setKind] = useState<AppointmentKind>('in_store');
  const [slots, setSlots] = useState<SlotsAnswer | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ message: string; appointment: Appointment } | null>(null);

  const show = (s: SlotsAnswer) => {
    setSlots(s);
    setDay((d) => (d && s.days.some((x) => x.date === d) ? d : (s.days[0]?.date ?? null)));
  };
  const load = () => callApi<SlotsAnswer>('/appointments/slots').then(show, reportApiError);
  useEffect(() => {
    callApi<SlotsAnswer>('/appointments/slots').then(show, reportApiError);
  }, []);

  const submit = onSubmit(form, async () => {
    if (!time) {
      setTimeError('Please choose a time');
      return;
    }
    try {
      const answer = await callApi<{ message: string; appointment: Appointment }>('/appointments', {
        method: 'POST',
        body: { ...form.values, kind, startsAt: time, ...(item ? { item: { kind: item.kind, id: item.id } } : {}) },
      });
      setBooked(answer);
    } catch (err) {
      // Taken meanwhile: show the times that are still free.
      if (err instanceof ApiError && err.status === 409) {
        setTime(null);
        void load();
      }
      throw err;
    }
  });

  if (booked)
    return (
      <div role="status" className="border border-hairline bg-panel p-8 text-center">
        <CalendarCheck2 aria-hidden="true" className="mx-auto h-10 w-10 text-primary" strokeWidth={1.5} />
        <p className="mt-4 font-display text-3xl">Requested: {booked.appointment.when}</p>
        <p className="mx-auto mt-3 max-w-prose text-muted">{booked.message}</p>
        <p className="mt-2 text-sm text-muted">
          We sent the details and a calendar file to {booked.appointment.email}.
        </p>
        <Link to="/" className="btn-primary mt-8">
          Continue shopping
        </Link>
      </div>
    );

  const today = slots?.days.find((d) => d.date === day);
  return (
    <form method="post" noValidate onSubmit={submit} aria-label="Book an appointment" className="space-y-8">
      <ChipRadioGroup
        label="How would you like to meet?"
        options={APPOINTMENT_KINDS}
        value={kind}
        onChange={setKind}
        render={(k) => APPOINTMENT_KIND_LABELS[k]}
      />

      <fieldset aria-describedby="tz-note" className="min-w-0">
        <legend className="eyebrow">Day and time</legend>
        <p id="tz-note" className="mt-1 text-xs text-muted">
          {slots ? `${slots.timezoneLabel} · ${slots.minutes} minutes` : ' '}
        </p>
        {!slots ? (
          <div aria-busy="true" className="mt-3 h-28 animate-pulse bg-panel" />
        ) : slots.days.length === 0 ? (
          <p className="mt-3 text-sm">Every time is taken for now. Please call us, or try again tomorrow.</p>
        ) : (
          <>
            <div className="mt-3 flex gap-2 overflow-x-auto pb-2" role="radiogroup" aria-label="Day">
              {slots.days.map((d) => (
                <Chip
                  key={d.date}
                  checked={d.date === day}
                  className="h-14 min-w-20 shrink-0"
                  onPick={() => {
                    setDay(d.date);
                    setTime(null);
                  }}
                >
                  {d.label}
                </Chip>
              ))}
            </div>
            <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Time" data-testid="times">
              {today?.slots.map((s) => (
                <Chip
                  key={s.startsAt}
                  checked={s.startsAt === time}
                  className="h-11 min-w-24"
                  onPick={() => {
                    setTime(s.startsAt);
                    setTimeError(null);
                  }}
                >
                  {s.label}
                </Chip>
              ))}
            </div>
            {timeError && <p className="mt-1 text-xs text-danger">{timeError}</p>}
          </>
        )}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          form={form}
          name="reason"
          label="What would you like to see?"
          required
          className="sm:col-span-2"
          options={APPOINTMENT_REASONS.map((r) => ({ value: r, label: r }))}
        />
        {item?.title && (
          <p className="text-sm sm:col-span-2">
            <span className="text-muted">The piece you were viewing: </span>
            {item.title}
          </p>
        )}
        <TextField form={form} name="name" label="Name" required autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField
          form={form}
          name="note"
          label="Anything we should prepare?"
          multiline={3}
          className="sm:col-span-2"
          hint="A budget, a ring size, stones to have ready: up to 500 characters."
        />
      </div>
      <button type="submit" className="btn-primary w-full py-4 sm:w-auto sm:px-10" disabled={busy}>
        {busy ? 'Requesting…' : 'Request appointment'}
      </button>
    </form>
  );
}

/** One choice of a row of chips acting as a radio group (a day, a time). */
function Chip({
  checked,
  onPick,
  className,
  children,
}: {
  checked: boolean;
  onPick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      onClick={onPick}
      className={`${className} rounded-sm border px-3 text-sm ${checked ? 'border-ink bg-secondary' : 'border-hairline hover:border-muted'}`}
    >
      {children}
    </button>
  );
}
