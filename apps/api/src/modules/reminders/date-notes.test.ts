import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@facet/contracts/payment-plans';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { withStoreSettings } from '../../test/staff.ts';
import { storeToday } from '../gift-cards/index.ts';
import { daysAhead, sendDateNotes } from './date-notes.ts';

// A note before a customer's anniversary or birthday: N days before (store data), in the owner's
// words, only with consent, once per date a year, never to an unsubscribed address.

let t: TestApp;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const deps = () => ({ db: t.database.db, config: t.config, settings: t.app.storeSettings, outbox: t.app.outbox });
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_FORM_MAX: '1000' }, { seed: false });
});
afterAll(() => t.close());

const notes = (to: string) =>
  q<{ subject: string; text: string; headers: Record<string, string> | null }>(
    sql`select subject, text_body as text, headers from outbox_mail where to_address = ${to} and kind = 'date-note' order by id`,
  );
const monthDay = (day: string) => ({ month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });
const DAY = 86_400_000;

async function customer(email: string, opts: { consent: boolean; partnerName?: string; dates: object[] }) {
  const token = await signUp(t, email, undefined, 'Noor');
  const headers = { authorization: `Bearer ${token}` };
  await t.app.inject({ method: 'PUT', url: '/api/user/preferences', headers, payload: { marketing: opts.consent } });
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/user/record',
    headers,
    payload: { partnerName: opts.partnerName ?? '', ringSizes: [], dates: opts.dates },
  });
  if (put.statusCode !== 200) throw new Error(put.body);
}

describe('notes before a customer’s dates', () => {
  it('writes once, N days before, in the owner’s words, to a customer who agreed; never to one who did not', async () => {
    const today = storeToday(t.config.STORE_TIMEZONE);
    const in14 = monthDay(addDays(today, 14));
    const in15 = monthDay(addDays(today, 15));
    await customer('dates.yes@example.com', {
      consent: true,
      partnerName: 'Sam',
      dates: [
        { kind: 'anniversary', ...in14 },
        { kind: 'partner-birthday', ...in15 },
      ],
    });
    await customer('dates.no@example.com', { consent: false, dates: [{ kind: 'anniversary', ...in14 }] });

    await sendDateNotes(deps());
    await sendDateNotes(deps());
    const [first, ...more] = await notes('dates.yes@example.com');
    expect(more).toHaveLength(0);
    expect(first!.subject).toMatch(/^Your anniversary is on [A-Z][a-z]+ \d{1,2}$/);
    expect(first!.text).toContain('Hello Noor,');
    expect(first!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await notes('dates.no@example.com')).toHaveLength(0);

    // The next day, the partner's birthday is 14 days away: written, with the partner's name.
    await sendDateNotes(deps(), new Date(Date.now() + DAY));
    const after = await notes('dates.yes@example.com');
    expect(after.map((m) => m.subject)).toEqual([first!.subject, expect.stringMatching(/^Sam’s birthday is on /)]);
    // Later passes in the same days write nothing more.
    await sendDateNotes(deps(), new Date(Date.now() + 2 * DAY));
    expect(await notes('dates.yes@example.com')).toHaveLength(2);
  });

  it('never to an address that unsubscribed; follows the days and the on/off set in store settings', async () => {
    const today = storeToday(t.config.STORE_TIMEZONE);
    await customer('dates.gone@example.com', {
      consent: true,
      dates: [{ kind: 'birthday', ...monthDay(addDays(today, 14)) }],
    });
    const { unsubscribeLinks } = await import('../mail/index.ts');
    const token = (await unsubscribeLinks(t.database.db, t.config.PUBLIC_URL, 'dates.gone@example.com')).url.split(
      '/unsubscribe/',
    )[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: {} })).statusCode).toBe(
      200,
    );
    await sendDateNotes(deps());
    expect(await notes('dates.gone@example.com')).toHaveLength(0);

    await customer('dates.rule@example.com', {
      consent: true,
      dates: [{ kind: 'birthday', ...monthDay(addDays(today, 5)) }],
    });
    await withStoreSettings(t, { dateNotes: { on: false, daysBefore: 5 } }, async () => {
      await sendDateNotes(deps());
      expect(await notes('dates.rule@example.com')).toHaveLength(0);
    });
    await withStoreSettings(t, { dateNotes: { on: true, daysBefore: 5 } }, async () => {
      await sendDateNotes(deps());
      expect(await notes('dates.rule@example.com')).toHaveLength(1);
    });
  });

  it('catches up a few missed days, not more; February 29 is kept on the 28th in other years', () => {
    const days = daysAhead('2027-02-14', 14).map((d) => `${d.year}-${d.month}-${d.day}`);
    // 14 days ahead is the 28th (2027 has no 29th: its dates fall then too), and the three days before.
    expect(days).toEqual(['2027-2-28', '2027-2-29', '2027-2-27', '2027-2-26', '2027-2-25']);
    expect(daysAhead('2028-02-14', 14).map((d) => d.day)).toEqual([28, 27, 26, 25]);
  });
});
