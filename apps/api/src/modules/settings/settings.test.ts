import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StoreSettings } from '@facet/contracts/store-settings';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { lastMail } from '../../test/accounts.ts';

// The owner edits the store's settings in the back office; totals, orders and e-mails follow at
// once, a bad value is refused with its reason and saves nothing, and two owners cannot overwrite
// each other unseen.

let t: TestApp;
let owner: string;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp({ FREE_SHIPPING_OVER_CENTS: '25000', STORE_NAME: 'Facet Fine Jewelry' });
  owner = (await staffSession(t, 'owner')).cookie;
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const read = async () =>
  (await adminCall(t, owner, 'GET', '/settings')).json().data as {
    version: number;
    settings: StoreSettings;
    updatedBy: string | null;
  };
const save = (version: number, settings: StoreSettings, cookie = owner) =>
  adminCall(t, cookie, 'PUT', '/settings', { version, settings });
const cart = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': randomUUID() } })).json().data;

describe('store settings', () => {
  it('start from the environment, then are the owner’s: the cart charges the new values at once', async () => {
    const first = await read();
    expect(first.version).toBe(0);
    expect(first.settings.freeShippingOverCents).toBe(25_000);
    expect((await cart()).freeShippingOverCents).toBe(25_000);

    const next = structuredClone(first.settings);
    next.freeShippingOverCents = 50_000;
    next.shipping.express.cents = 4_200;
    next.taxRates = { ...next.taxRates, OR: 0, NY: 8_875 };
    const res = await save(first.version, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, settings: { freeShippingOverCents: 50_000 } });
    const c = await cart();
    expect(c.freeShippingOverCents).toBe(50_000);
    expect(c.shippingOptions.find((o: { method: string }) => o.method === 'express').cents).toBe(4_200);
  });

  it('every order and its e-mail state the settings of the moment: the store’s name and the return window', async () => {
    const now = await read();
    const next = { ...structuredClone(now.settings), returnDays: 45 };
    next.store.name = 'Facet & Daughters';
    expect((await save(now.version, next)).statusCode).toBe(200);
    const { email } = await placeDiamondOrder(t);
    const mail = await lastMail(t, email, 'order-confirmation');
    expect(mail.text).toContain('Facet & Daughters');
    expect(mail.text).toMatch(/45-day returns|45 days/);
  });

  it('an order keeps the shipping it was promised: a later change of the method’s name or delivery time does not rewrite it', async () => {
    const { number, token } = await placeDiamondOrder(t);
    const orderNow = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/order/${number}`, headers: { 'x-order-token': token } })).json()
        .data.shipping;
    const promised = await orderNow();
    const now = await read();
    const next = structuredClone(now.settings);
    next.shipping.standard = { ...next.shipping.standard, label: 'Armored courier', days: '9–11 business days' };
    expect((await save(now.version, next)).statusCode).toBe(200);
    expect(await orderNow()).toEqual(promised);
    expect(promised.label).not.toBe('Armored courier');
    // A new order is promised the new wording.
    const fresh = await placeDiamondOrder(t);
    const later = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/${fresh.number}`,
        headers: { 'x-order-token': fresh.token },
      })
    ).json().data.shipping;
    expect(later).toMatchObject({ label: 'Armored courier', days: '9–11 business days' });
  });

  it('opening hours and booking rules decide the appointment times offered; a day closing before it opens is refused', async () => {
    const now = await read();
    const next = structuredClone(now.settings);
    next.openingHours = [null, { open: '09:00', close: '11:00' }, null, null, null, null, null];
    next.appointments = { minutes: 60, daysAhead: 14, noticeHours: 0 };
    expect((await save(now.version, next)).statusCode).toBe(200);
    const slots = (await t.app.inject({ method: 'GET', url: '/api/appointments/slots' })).json().data;
    expect(slots.minutes).toBe(60);
    expect(slots.days.length).toBeGreaterThan(0);
    // Only Mondays, two one-hour slots at most (9 and 10 o'clock in the store's zone).
    for (const d of slots.days) {
      expect(d.label).toMatch(/^Mon/);
      expect(d.slots.length).toBeLessThanOrEqual(2);
    }

    const wrong = structuredClone(next);
    wrong.openingHours[2] = { open: '18:00', close: '10:00' };
    const res = await save((await read()).version, wrong);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Tuesday closes before it opens');
    const none = structuredClone(next);
    none.openingHours = [null, null, null, null, null, null, null];
    expect(JSON.stringify((await save((await read()).version, none)).json())).toContain('Open at least one day');
  });

  it('an announcement may use store facts, but not a placeholder that is none; one turned on needs its words', async () => {
    const now = await read();
    const typo = {
      ...structuredClone(now.settings),
      announcement: { on: true, text: 'Free over {{freeShiping}}', href: '' },
    };
    const res = await save(now.version, typo);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('{{freeShiping}}');
    const empty = { ...structuredClone(now.settings), announcement: { on: true, text: '', href: '' } };
    expect(JSON.stringify((await save(now.version, empty)).json())).toContain('Write the announcement, or turn it off');
    const away = { ...structuredClone(now.settings), announcement: { on: true, text: 'Sale', href: '//evil.example' } };
    expect((await save(now.version, away)).statusCode).toBe(400);
    expect((await read()).version).toBe(now.version);
    const good = {
      ...structuredClone(now.settings),
      announcement: { on: true, text: 'Free insured shipping over {{freeShippingOver}}', href: '/shipping-policy' },
    };
    expect((await save(now.version, good)).statusCode).toBe(200);
    expect(t.app.storeSettings.current().announcement.text).toContain('{{freeShippingOver}}');
  });

  it('tax rates saved by an earlier release in basis points read as thousandths of a percent', async () => {
    const now = await read();
    const legacy = { ...structuredClone(now.settings) } as Record<string, unknown>;
    delete legacy.taxRates;
    legacy.taxRatesBp = { NY: 888, NJ: 663 };
    await t.database.db.execute(
      sql`update store_setting set value = jsonb_set(value, '{settings}', ${JSON.stringify(legacy)}::jsonb) where key = 'store.settings'`,
    );
    const upgraded = (await read()).settings;
    expect(upgraded.taxRates).toEqual({ NY: 8_880, NJ: 6_630 });
    expect(upgraded).not.toHaveProperty('taxRatesBp');
    // And it saves back in today's shape.
    const res = await save((await read()).version, { ...upgraded, taxRates: { ...upgraded.taxRates, NY: 8_875 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).settings.taxRates.NY).toBe(8_875);
  });

  it('refuses a bad value with its reason, and saves nothing', async () => {
    const before = await read();
    const bad = structuredClone(before.settings);
    bad.shipping.standard.cents = -100;
    bad.madeToOrderDays = { from: 14, to: 10 };
    bad.taxRates = { 'New York': 8_875 };
    const res = await save(before.version, bad);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    expect(Object.values(errors).join(' | ')).toMatch(/cannot be negative/);
    expect(Object.values(errors).join(' | ')).toMatch(/choose a state from the list/);
    expect((await read()).version).toBe(before.version);

    // Express at less than standard: a price typed in dollars where cents were meant.
    const cheap = structuredClone(before.settings);
    cheap.shipping.express.cents = 35;
    const res2 = await save(before.version, cheap);
    expect(res2.statusCode).toBe(400);
    expect(JSON.stringify(res2.json())).toContain('Express costs less than standard');
    expect((await read()).version).toBe(before.version);
  });

  it('a change made since the page was opened is not overwritten: "changed by someone else — reload"', async () => {
    const opened = await read();
    expect((await save(opened.version, { ...opened.settings, returnDays: 31 })).statusCode).toBe(200);
    const stale = await save(opened.version, { ...opened.settings, returnDays: 60 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await read()).settings.returnDays).toBe(31);
  });

  it('is audited, before → after, with who changed it', async () => {
    const now = await read();
    expect((await save(now.version, { ...now.settings, restockingPercent: 12 })).statusCode).toBe(200);
    const [row] = rowsOf<{ before: StoreSettings; after: StoreSettings; staffEmail: string }>(
      await t.database.db.execute(
        sql`select before, after, staff_email as "staffEmail" from audit_log where action = 'settings.store' order by id desc limit 1`,
      ),
    );
    expect(row!.before.restockingPercent).toBe(now.settings.restockingPercent);
    expect(row!.after.restockingPercent).toBe(12);
    expect((await read()).updatedBy).toBe(row!.staffEmail);
  });

  it('is the owner’s alone: a manager can neither read nor change it', async () => {
    const now = await read();
    expect((await adminCall(t, manager, 'GET', '/settings')).statusCode).toBe(403);
    expect((await save(now.version, now.settings, manager)).statusCode).toBe(403);
    expect((await read()).version).toBe(now.version);
  });
});
