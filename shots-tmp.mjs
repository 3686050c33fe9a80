import { chromium } from '@playwright/test';
const base = 'http://localhost:4517';
const session = crypto.randomUUID();
let token = process.argv[2];
const call = async (method, p, body, extra = {}) => {
  const r = await fetch(`${base}/api${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-session-id': session,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const j = await r.json();
  if (r.status !== 200) throw new Error(`${p}: ${JSON.stringify(j)}`);
  return j.data;
};
const code = process.argv[3];
const user = await call('POST', '/user/verify-otp', { otp: code });
token = user.token;
const ring = (await call('GET', '/category/1103?pageSize=1')).products[0];
const p = await call('GET', `/product/product?groupId=${ring.groupId}`);
const stones = [];
for (const loc of p.configuration.locations) {
  const s = (
    await call('POST', '/stuller/search-stones', {
      groupId: ring.groupId,
      location: loc.LocationNumber,
      family: loc.group === 'Center' ? 'lab-grown-diamond' : 'diamond',
      limit: 1,
    })
  ).ConfiguredStones[loc.LocationNumber][0];
  stones.push({ location: loc.LocationNumber, kind: s.kind, id: s.id });
}
await call('POST', '/cart/items', {
  kind: 'configured',
  configuration: { groupId: ring.groupId, metal: '18KY', size: 6.5, stones },
});
await call('POST', '/cart/items', {
  kind: 'configured',
  configuration: { groupId: 900001, metal: '14KY', size: 8, widthMm: 5, style: 'Knife-Edge', stones: [] },
});
const d = await call('GET', '/diamond?shape=Pear&pageSize=1');
await call('POST', '/cart/items', { kind: 'diamond', id: d.diamonds[0].id });
const chain = (await call('GET', '/category/1301?pageSize=1')).products[0];
await call('POST', '/cart/items', { kind: 'product', id: chain.productId });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shoot = async (name, path, opts = {}) => {
  for (const [w, h] of [
    [1366, 900],
    [390, 844],
  ]) {
    const ctx = await b.newContext({ viewport: { width: w, height: h } });
    await ctx.addInitScript(
      ([s, u, t]) => {
        sessionStorage.setItem('swag-session', s);
        sessionStorage.setItem('loggedUser', u);
        sessionStorage.setItem('userToken', t);
      },
      [session, JSON.stringify(user), token],
    );
    const pg = await ctx.newPage();
    await pg.goto(`${base}${path}`);
    await pg.waitForTimeout(1500);
    await pg.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: opts.full ?? true });
    await ctx.close();
  }
};
await shoot('cart', '/cart');
await shoot(
  'product',
  `${ring.href}?metal=18KY&size=6.5&${stones.map((s) => `s${s.location}=${s.kind[0]}${s.id}`).join('&')}`,
  { full: false },
);
const order = await call(
  'POST',
  '/order',
  {
    email: 'ada.shots@example.com',
    shippingAddress: {
      name: 'Ada Lovelace',
      company: '',
      line1: '12 Bleecker St',
      line2: '',
      city: 'New York',
      state: 'NY',
      zip: '10012',
      country: 'US',
      phone: '(212) 555-0188',
    },
    shippingMethod: 'express',
    card: { name: 'Ada Lovelace', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  },
  { 'idempotency-key': `shots-${Date.now()}` },
);
await shoot('confirmation', `/order-confirmation?number=${order.number}`);
await shoot('history', '/profile/orders');
await shoot('category', '/category/1103', { full: false });
await b.close();
