import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SLOT_PAST, SLOT_TAKEN, type SlotsAnswer } from '@facet/contracts/appointments';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { rowsOf } from '../../db/client.ts';
import { instantAt } from './hours.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FORM_MAX: '1000', OPENING_HOURS: 'Mon-Sat 10:00-18:00', APPOINTMENT_DAYS: '21' });
});
afterAll(async () => {
  await t.close();
});

const slots = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/appointments/slots' })).json() as { data: SlotsAnswer }).data;
const allStarts = async () => (await slots()).days.flatMap((d) => d.slots.map((s) => s.startsAt));
let n = 0;
const book = (startsAt: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      startsAt,
      kind: 'in_store',
      name: 'June Park',
      email: `june${++n}@example.com`,
      reason: 'Engagement ring',
      ...extra,
    },
  });
const mailsOf = async (kind: string) =>
  rowsOf<{ to: string; subject: string; text: string; attachments: Array<{ content: string }> | null }>(
    await t.database.db.execute(sql`
      select to_address as "to", subject, text_body as text, attachments from outbox_mail where kind = ${kind} order by id`),
  );

describe('appointments', () => {
  it('offers slots inside opening hours, in the store’s time zone, from a few hours ahead', async () => {
    const s = await slots();
    expect(s.timezone).toBe('America/New_York');
    expect(s.timezoneLabel).toMatch(/^Times are New York time \(ET\)$/);
    expect(s.days.length).toBeGreaterThan(10);
    for (const day of s.days) {
      expect(new Date(`${day.date}T12:00:00Z`).getUTCDay()).not.toBe(0); // closed on Sunday
      for (const slot of day.slots) {
        expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now() + 2 * 3_600_000 - 1000);
        expect(slot.label).toMatch(/^(10|11|12|1|2|3|4|5):00 (AM|PM)$/);
      }
    }
  });

  it('books a slot: it leaves the list, a second booking of it is refused, both sides get a calendar file', async () => {
    const [first] = await allStarts();
    const res = await book(first!, { email: 'booker@example.com', note: 'Looking at ovals', item: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.appointment).toMatchObject({ status: 'requested', kind: 'in_store', startsAt: first });
    expect(res.json().data.appointment.when).toMatch(/^\w+day, \w+ \d+, \d{4} at \d+:00 (AM|PM) ET$/);
    expect(await allStarts()).not.toContain(first);
    const again = await book(first!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SLOT_TAKEN);

    const [toCustomer] = (await mailsOf('appointment-requested')).filter((m) => m.to === 'booker@example.com');
    const [toStore] = (await mailsOf('appointment-notice')).slice(-1);
    expect(toStore!.to).toBe(t.config.STORE_EMAIL);
    expect(toStore!.text).toContain('Looking at ovals');
    const ics = toCustomer!.attachments![0]!.content;
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`DTSTART:${first!.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toContain('STATUS:TENTATIVE');
  });

  it('two shoppers asking for one time at once: exactly one gets it', async () => {
    const [, second] = await allStarts();
    const answers = await Promise.all([book(second!), book(second!), book(second!)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const held = rowsOf(
      await t.database.db.execute(
        sql`select id from appointment where starts_at = ${second} and status <> 'cancelled'`,
      ),
    );
    expect(held).toHaveLength(1);
  });

  it('refuses past times, times the store does not offer, and more than two bookings per address', async () => {
    const past = await book(new Date(Date.now() - 86_400_000).toISOString());
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(SLOT_PAST);
    const starts = await allStarts();
    const odd = new Date(Date.parse(starts[3]!) + 17 * 60_000).toISOString();
    expect((await book(odd)).statusCode).toBe(400);
    // A Sunday at 11:00, a week or two ahead.
    let sunday = new Date(Date.now() + 7 * 86_400_000);
    while (sunday.getUTCDay() !== 0) sunday = new Date(sunday.getTime() + 86_400_000);
    const sun = new Date(instantAt('America/New_York', sunday.toISOString().slice(0, 10), 660)).toISOString();
    expect((await book(sun)).json().message).toMatch(/do not take appointments at that time/);
    expect((await book(new Date(Date.now() + 60 * 86_400_000).toISOString())).statusCode).toBe(400);
    expect((await book(starts[4]!, { reason: 'Free gold' })).statusCode).toBe(400);
    expect((await book(starts[4]!, { item: { kind: 'diamond', id: 2_000_000_000 } })).statusCode).toBe(404);

    expect((await book(starts[5]!, { email: 'twice@example.com' })).statusCode).toBe(200);
    expect((await book(starts[6]!, { email: 'twice@example.com' })).statusCode).toBe(200);
    const third = await book(starts[7]!, { email: 'TWICE@example.com' });
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toMatch(/already have 2 appointments/);
  });

  it('staff confirm (the customer gets the confirmed event) and cancel (the time is free again); roles are checked', async () => {
    const starts = await allStarts();
    const [diamond] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' order by id limit 1`),
    );
    const booked = (
      await book(starts[8]!, { email: 'confirm.me@example.com', item: { kind: 'diamond', id: diamond!.id } })
    ).json().data.appointment;
    expect(booked.itemTitle).toMatch(/diamond/);
    const support = await staffSession(t, 'support');
    const list = await adminCall(t, support.cookie, 'GET', '/appointments');
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(booked.id);
    const fulfilment = await staffSession(t, 'fulfilment');
    expect((await adminCall(t, fulfilment.cookie, 'POST', `/appointments/${booked.id}/confirm`)).statusCode).toBe(403);

    const ok = await adminCall(t, support.cookie, 'POST', `/appointments/${booked.id}/confirm`);
    expect(ok.json().data.status).toBe('confirmed');
    expect((await adminCall(t, support.cookie, 'POST', `/appointments/${booked.id}/confirm`)).statusCode).toBe(409);
    const confirmed = (await mailsOf('appointment-confirmed')).filter((m) => m.to === 'confirm.me@example.com');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.attachments![0]!.content).toContain('STATUS:CONFIRMED');
    expect(confirmed[0]!.attachments![0]!.content).toContain('SEQUENCE:1');

    const cancel = await adminCall(t, support.cookie, 'POST', `/appointments/${booked.id}/cancel`, {
      reason: 'Our jeweller is away that day.',
    });
    expect(cancel.json().data.status).toBe('cancelled');
    expect(await allStarts()).toContain(starts[8]);
    const told = (await mailsOf('appointment-cancelled')).filter((m) => m.to === 'confirm.me@example.com');
    expect(told[0]!.text).toContain('Our jeweller is away that day.');
    expect(told[0]!.attachments![0]!.content).toContain('METHOD:CANCEL');
    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where entity = 'appointment' and entity_id = ${String(booked.id)}`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['appointment.confirm', 'appointment.cancel']);
  });
});
