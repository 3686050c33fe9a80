import { test, expect } from './support/ready.ts';
import { SESSION_KEYS } from '@facet/contracts/constants';
import { signUp } from './support/account.ts';
import { expectLinksAlive } from './support/links.ts';
import { mailTo } from './support/mail.ts';

// Every link the store renders for an order's pieces answers 200: the cart, the confirmation, the
// order history and the e-mail, for each kind of line (a piece, a configured ring, a band from the
// band builder, a diamond, a gemstone, a melee parcel).

test('cart, confirmation, order history and e-mail links are alive for every kind of line', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `links.${Date.now()}@example.com`;
  await page.goto('/');
  await signUp(page, email);
  const [token, session] = await page.evaluate(
    (k) => [sessionStorage.getItem(k.userToken), sessionStorage.getItem(k.sessionId)],
    SESSION_KEYS,
  );
  const headers = { authorization: `Bearer ${token}`, 'x-session-id': session! };
  const api = async <T>(
    method: 'GET' | 'POST',
    path: string,
    data?: object,
    extra: Record<string, string> = {},
  ): Promise<T> => {
    const res = await page.request.fetch(`/api${path}`, { method, data, headers: { ...headers, ...extra } });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };

  const chain = (await api<{ products: Array<{ productId: number }> }>('GET', '/category/1301?pageSize=1'))
    .products[0]!;
  await api('POST', '/cart/items', { kind: 'product', id: chain.productId });
  const ring = (await api<{ products: Array<{ groupId: number }> }>('GET', '/category/1101?pageSize=1')).products[0]!;
  const [center] = (
    await api<{ ConfiguredStones: Record<string, Array<{ kind: string; id: number }>> }>(
      'POST',
      '/stuller/search-stones',
      { groupId: ring.groupId, location: 1, family: 'lab-grown-diamond', limit: 1 },
    )
  ).ConfiguredStones['1']!;
  await api('POST', '/cart/items', {
    kind: 'configured',
    configuration: {
      groupId: ring.groupId,
      metal: '14KW',
      size: 6,
      stones: [{ location: 1, kind: center!.kind, id: center!.id }],
    },
  });
  await api('POST', '/cart/items', {
    kind: 'configured',
    configuration: { groupId: 900001, metal: '14KY', size: 8, widthMm: 5, style: 'Knife-Edge', stones: [] },
  });
  const diamonds = await api<{ diamonds: Array<{ id: number }> }>(
    'GET',
    '/diamond?origin=natural&shape=Oval&pageSize=1',
  );
  await api('POST', '/cart/items', { kind: 'diamond', id: diamonds.diamonds[0]!.id });
  const gems = await api<{ gemstones: Array<{ id: number }> }>('GET', '/product/notable-gemstone?type=sapphire');
  await api('POST', '/cart/items', { kind: 'gemstone', id: gems.gemstones[0]!.id });
  const melee = await api<Array<{ id: number }>>('GET', '/melee');
  await api('POST', '/cart/items', { kind: 'melee', id: melee[0]!.id, quantity: 1 });

  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(6);
  // Each line links to its piece, and each link answers.
  for (const line of await lines.all()) expect(await line.locator('a[href^="/"]').count()).toBeGreaterThan(0);
  await expectLinksAlive(page, page.getByRole('main'));

  const address = {
    name: 'Ada Lovelace',
    company: '',
    line1: '12 Bleecker St',
    line2: '',
    city: 'New York',
    state: 'NY',
    zip: '10012',
    country: 'US',
    phone: '(212) 555-0188',
  };
  const order = await api<{ number: string }>(
    'POST',
    '/order',
    {
      email,
      shippingAddress: address,
      shippingMethod: 'standard',
      card: { name: 'Ada Lovelace', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
    { 'idempotency-key': `links-${Date.now()}` },
  );

  await page.goto(`/order-confirmation?number=${order.number}`);
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  await expectLinksAlive(page, page.getByRole('main'));

  await page.goto('/profile/orders');
  await expect(page.getByRole('main')).toContainText(order.number);
  await expect(page.getByRole('main')).toContainText('6 items');
  await expectLinksAlive(page, page.getByRole('main'));

  const mail = await mailTo(email, new RegExp(order.number));
  const urls = [...new Set(mail.text.match(/https?:\/\/[^\s)>"]+/g) ?? [])];
  expect(urls.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  for (const url of urls) {
    const u = new URL(url);
    expect(u.origin, url).toBe(origin);
    expect((await page.request.get(`${u.pathname}${u.search}`)).status(), url).toBe(200);
  }
});
