import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalEasyPost } from '../../../api/src/test/easypost-server.ts';
import { test, expect } from './support/ready.ts';
import { fillAddress } from './support/account.ts';
import { startOwnServer, type OwnServer } from './support/server.ts';

// A store shipping through a carrier service (EasyPost cannot be reached from here: a local server
// speaks its API, as in the API suite). The shopper is offered the carrier's way of writing the
// address and its prices; staff buy the insured label, print it, and the signed tracking webhook
// delivers the order.

const PASSWORD = 'Loupe-and-Tweezers-42';
let store: OwnServer;
let ep: LocalEasyPost;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  ep = await new LocalEasyPost().start();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-ship-'));
  const r = spawnSync(process.execPath, ['apps/api/src/cli/staff.ts', 'add', 'owner@facet.test', '--role', 'owner'], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    input: PASSWORD,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_SCALE: '0.05' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`staff: ${r.stdout}${r.stderr}`);
  store = await startOwnServer(ep.env(), { dataDir });
});
test.afterAll(async () => {
  await store?.stop();
  await ep?.stop();
});

test('the carrier checks the address and prices the methods; staff buy the label and tracking delivers the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const list = (await (await fetch(`${store.url}/api/diamond?pageSize=1&origin=natural`)).json()) as {
    data: { diamonds: Array<{ href: string }> };
  };
  await page.goto(`${store.url}${list.data.diamonds[0]!.href}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Diamond added to your cart')).toBeVisible();
  await page.goto(`${store.url}/checkout`);
  await page
    .getByRole('region', { name: /Contact/ })
    .getByLabel('Email')
    .fill('carrier@example.com');
  const address = page.getByRole('region', { name: /Shipping address/ });
  await fillAddress(address, {
    name: 'Ada Lovelace',
    line1: '580 Fifth Avenue',
    city: 'New York',
    state: 'NY',
    zip: '10036',
    phone: '(212) 555-0100',
  });
  // The carrier writes it its own way: the shopper takes it (or keeps theirs).
  const suggestion = address.getByRole('status');
  await expect(suggestion).toContainText('The carrier writes this address as:');
  await expect(suggestion).toContainText('580 5TH AVE');
  await suggestion.getByRole('button', { name: 'Use this address' }).click();
  await expect(address.getByLabel('Street address')).toHaveValue('580 5TH AVE');
  await expect(address.getByRole('status')).toHaveCount(0);

  // Each method as the carrier prices it for this parcel to this address.
  const methods = page.getByRole('region', { name: /Shipping method/ });
  await expect(methods.getByText('2 business days once ready · signature required')).toBeVisible();
  await methods.getByRole('radio', { name: /Insured express/ }).check();
  await expect(methods.getByText('$31.50')).toBeVisible();
  await expect(page.locator('aside')).toContainText('$31.50');
  const pay = page.getByRole('region', { name: /Payment/ });
  await pay.getByLabel('Name on card').fill('Ada Lovelace');
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await pay.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/order-confirmation\?number=/, { timeout: 20_000 });
  const number = new URL(page.url()).searchParams.get('number')!;

  // The policy quotes no fixed price the checkout would contradict.
  await page.goto(`${store.url}/shipping-policy`);
  await expect(page.locator('main')).toContainText('the carrier’s rate for your address, shown at checkout');

  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${store.url}/admin/login`);
  await staff.getByLabel('Email').fill('owner@facet.test');
  await staff.getByLabel('Password').fill(PASSWORD);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByTestId('staff-member')).toBeAttached();
  await staff.goto(`${store.url}/admin/orders/${number}`);
  const labels = staff.getByRole('region', { name: 'Shipping label' });
  const next = staff.getByRole('form', { name: 'Next step' });
  // Before it is ready to ship, the order offers no label.
  await expect(next.getByRole('button', { name: /In production/i })).toBeVisible();
  await expect(labels).toHaveCount(0);
  await next.getByRole('button', { name: /In production/i }).click();
  await next.getByRole('button', { name: /Ready to ship/i }).click();
  await expect(labels).toContainText('signed for on delivery');
  await labels.getByRole('button', { name: 'Buy label…' }).click();
  await expect(staff.getByRole('alertdialog')).toContainText('signature required');
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Buy label' }).click();
  await expect(labels).toContainText('UPS 2ndDayAir');
  await expect(labels).toContainText('Label bought');
  // The tracking number is on the order: marking it shipped by hand types nothing.
  const tracking = (await labels.locator('p.font-mono').innerText()).trim();
  await expect(next.getByLabel('Tracking number')).toHaveValue(tracking);
  const pdf = await staff.request.get(
    `${store.url}${await labels.getByRole('link', { name: 'Print label (PDF)' }).getAttribute('href')}`,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The carrier scans it, then delivers it: the signed webhooks move the order on.
  for (const state of ['in_transit', 'delivered']) {
    const event = ep.trackerEvent(tracking, state);
    const res = await fetch(`${store.url}/api/shipping/easypost/webhook`, {
      method: 'POST',
      headers: event.headers,
      body: event.body,
    });
    expect(res.status).toBe(200);
  }
  await staff.reload();
  await expect(staff.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(staff.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(staff.getByText('Parcel: delivered')).toBeVisible();
});
