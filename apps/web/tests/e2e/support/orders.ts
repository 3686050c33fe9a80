import { expect, type Page } from '@playwright/test';

/**
 * A guest buys the cheapest loose diamond of `origin` still for sale (through the API, as checkout
 * does): answers the order's number and its confirmation link.
 */
export async function placeOrder(page: Page, email: string, origin: 'natural' | 'lab' = 'natural') {
  const session = crypto.randomUUID();
  const headers = { 'x-session-id': session };
  const list = (await (await page.request.get(`/api/diamond?origin=${origin}&sort=price-asc&pageSize=30`)).json()) as {
    data: { diamonds: Array<{ id: number }> };
  };
  for (const d of list.data.diamonds)
    if ((await page.request.post('/api/cart/items', { headers, data: { kind: 'diamond', id: d.id } })).ok()) break;
  const res = await page.request.post('/api/order', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      email,
      shippingAddress: {
        name: 'Grace Hopper',
        company: '',
        line1: '1 Compiler Way',
        line2: '',
        city: 'Arlington',
        state: 'VA',
        zip: '22201',
        country: 'US',
        phone: '(703) 555-0143',
      },
      shippingMethod: 'standard',
      card: { name: 'Grace Hopper', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { number, accessToken } = (await res.json()).data as { number: string; accessToken: string };
  return { number, link: `/order-confirmation?number=${number}&token=${accessToken}` };
}

/**
 * Takes the order page's next step when it e-mails the customer (shipped, delivered): the button, then
 * the confirmation that says who is e-mailed.
 */
export async function stepAndTell(page: Page, step: 'Mark as shipped' | 'Mark as delivered') {
  await page.getByRole('button', { name: step, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('is e-mailed');
  await dialog.getByRole('button', { name: /and e-mail the customer$/ }).click();
  await expect(dialog).toHaveCount(0);
}
