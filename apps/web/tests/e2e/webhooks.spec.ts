import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';
import { axe, shoot } from './support/look.ts';

// The owner connects a bookkeeping tool: adds its address, copies the secret shown once, pings it,
// and reads the delivery in the log. The receiver here is on the port the test store may post to
// over http (FEED_FETCH_ALLOW); a real one is https.
const PORT = Number(process.env.E2E_MEDIA_PORT ?? 3996);
const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let receiver: Server;
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(PORT, '127.0.0.1', r));
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

test('the owner adds a webhook, keeps its secret, pings it and sees the signed delivery', async ({ browser }) => {
  const owner = await signIn(browser, 'owner', '/admin/webhooks');
  await expect(owner.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  expect(await axe(owner)).toEqual([]);

  // http is refused for a real address.
  await owner.getByLabel('Address (https)').fill('http://books.example.com/facet');
  await owner.getByRole('button', { name: 'Add webhook' }).click();
  await expect(owner.getByText('Webhooks are sent only to https:// addresses.')).toBeVisible();
  await expect(owner.getByLabel('Address (https)')).toHaveAttribute('aria-invalid', 'true');

  const url = `http://127.0.0.1:${PORT}/facet-${Date.now()}`;
  await owner.getByLabel('Address (https)').fill(url);
  await owner.getByLabel('What it is for (optional)').fill('Bookkeeping');
  await owner.getByRole('checkbox', { name: /Order refunded/ }).check();
  await owner.getByRole('button', { name: 'Add webhook' }).click();
  const box = owner.getByTestId('webhook-secret');
  await expect(box).toContainText('it is not shown again');
  const secret = (await box.locator('code').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  const row = owner.getByTestId('webhook-row').filter({ hasText: url });
  await expect(row).toContainText('Order placed, Order refunded');

  await row.getByRole('button', { name: /Send a ping/ }).click();
  const delivery = owner.getByTestId('delivery-row').filter({ hasText: url }).first();
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('1 try · last: 200');
  // The receiver checks the signature with the secret it was given.
  const ping = got.find((g) => g.headers['facet-event'] === 'ping')!;
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(ping.headers['facet-signature']))!;
  expect(createHmac('sha256', secret).update(`${t}.${ping.body}`).digest('hex')).toBe(v1);

  await owner.getByRole('button', { name: 'I have copied it' }).click();
  await expect(box).toHaveCount(0);
  await delivery.getByText('Details').click();
  await expect(delivery).toContainText('"type": "ping"');
  expect(await axe(owner)).toEqual([]);
  await shoot(owner, 'webhooks');

  // Deleted after a confirmation.
  await row.getByRole('button', { name: /^Delete/ }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
  await expect(owner.getByTestId('webhook-row').filter({ hasText: url })).toHaveCount(0);
});
