import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail } from '../../test/accounts.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession, stepOrder } from '../../test/staff.ts';

// Reviews: only the buyer of a delivered piece (the delivery e-mail's link, or signed in), one per
// line, plain words and up to four photographs re-encoded without their metadata; shown once approved.

let t: TestApp;
let manager: string;
const BAND = { groupId: 900001, metal: '14KW', size: 7, stones: [] };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_FORM_MAX: '1000' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

async function bandOrder(email: string) {
  const session = randomUUID();
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { 'x-session-id': session },
    payload: { kind: 'configured', configuration: BAND },
  });
  expect(add.statusCode, add.body).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().data.number as string;
}
/** A photograph with a camera's metadata in it (GPS and all), as phones send them. */
const phonePhoto = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 180, b: 150 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' } })
    .toBuffer();
function form(fields: Record<string, string>, photos: Buffer[] = []) {
  const boundary = `----review${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  photos.forEach((p, i) =>
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      p,
      Buffer.from('\r\n'),
    ),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const write = (
  number: string,
  line: number,
  token: string | null,
  fields: Record<string, string>,
  photos: Buffer[] = [],
) => {
  const f = form(fields, photos);
  return t.app.inject({
    method: 'POST',
    url: `/api/order/${number}/lines/${line}/review${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    ...f,
  });
};
const shown = async () => (await t.app.inject({ method: 'GET', url: `/api/reviews/${BAND.groupId}` })).json().data;

describe('reviews', () => {
  it('a buyer of a delivered piece reviews it from the delivery e-mail with a photograph; staff approve, answer and hide it', async () => {
    const email = `reviewer.${randomUUID().slice(0, 6)}@example.com`;
    const number = await bandOrder(email);
    const confirmation = await lastMail(t, email, 'order-confirmation');
    const early = /token=([A-Za-z0-9_-]+)/.exec(confirmation.text)![1]!;
    const notYet = await t.app.inject({ method: 'GET', url: `/api/order/${number}/reviews?token=${early}` });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toMatch(/once they are delivered/);

    await stepOrder(t, manager, number, ['in_production', 'ready_to_ship', 'shipped', 'delivered']);
    const delivered = await lastMail(t, email, 'order-delivered');
    expect(delivered.text).toContain(`/orders/${number}/review?token=`);
    const token = /\/review\?token=([A-Za-z0-9_-]+)/.exec(delivered.text)![1]!;
    const lines = (await t.app.inject({ method: 'GET', url: `/api/order/${number}/reviews?token=${token}` })).json()
      .data.lines;
    expect(lines).toHaveLength(1);
    expect(lines[0].review).toBeNull();
    const line = lines[0].lineId as number;

    // Plain words only; a stranger without the link finds no such order.
    const link = await write(number, line, token, { stars: '5', body: 'Lovely, see https://spam.example' });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe('Reviews are plain words: no links or HTML');
    expect((await write(number, line, null, { stars: '5', body: 'Beautiful band, fits perfectly.' })).statusCode).toBe(
      404,
    );

    const made = await write(number, line, token, { stars: '4', body: 'Beautiful band, fits perfectly.' }, [
      await phonePhoto(),
    ]);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.lines[0].review).toMatchObject({ stars: 4, status: 'pending', photos: 1 });
    const again = await write(number, line, token, { stars: '1', body: 'Changed my mind about it.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reviewed/);
    // Waiting for staff: not on the page.
    expect((await shown()).reviews.some((r: { body: string }) => r.body === 'Beautiful band, fits perfectly.')).toBe(
      false,
    );

    // Staff: support may not; a manager approves and answers.
    const support = (await staffSession(t, 'support')).cookie;
    expect((await adminCall(t, support, 'GET', '/reviews')).statusCode).toBe(403);
    const list = (await adminCall(t, manager, 'GET', '/reviews?status=pending')).json().data;
    const mine = list.reviews.find((r: { orderNumber: string }) => r.orderNumber === number);
    expect(mine).toMatchObject({ status: 'pending', stars: 4, name: 'Ada K.', email });
    expect(mine.bought).toContain('14K White Gold');
    expect(list.counts.pending).toBeGreaterThanOrEqual(1);
    expect((await adminCall(t, manager, 'POST', `/reviews/${mine.id}/status`, { status: 'approved' })).statusCode).toBe(
      200,
    );
    const answered = await adminCall(t, manager, 'PUT', `/reviews/${mine.id}/answer`, { answer: 'Thank you, Ada!' });
    expect(answered.statusCode).toBe(200);

    // Shown within a second (the kept answer is dropped by the review table's trigger, on every instance).
    await expect
      .poll(async () => (await shown()).reviews.find((x: { id: number }) => x.id === mine.id)?.answer ?? null, {
        timeout: 1_000,
        interval: 50,
      })
      .toBe('Thank you, Ada!');
    const page = await shown();
    const r = page.reviews.find((x: { id: number }) => x.id === mine.id);
    expect(r).toMatchObject({ name: 'Ada K.', stars: 4, answer: 'Thank you, Ada!' });
    expect(page.count).toBeGreaterThanOrEqual(1);
    expect(page.average).toBeGreaterThan(0);
    // The listing's card carries the same count and average (the copy follows the change).
    const [{ c }] = rowsOf<{ c: number }>(
      await t.database.db.execute(sql`select category_id as c from product_group where id = ${BAND.groupId}`),
    ) as [{ c: number }];
    const card = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/category/${c}?pageSize=96` })).json().data.products as Array<{
          groupId: number;
          rating?: { count: number; average: number };
        }>
      ).find((p) => p.groupId === BAND.groupId);
    await expect
      .poll(async () => (await card())?.rating, { timeout: 2_000 })
      .toEqual({ count: page.count, average: page.average });
    // The photograph: WebP, no camera metadata left.
    const file = await t.app.inject({ method: 'GET', url: r.photos[0].large });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // Hidden: gone from the page at once; audited.
    expect((await adminCall(t, manager, 'POST', `/reviews/${mine.id}/status`, { status: 'hidden' })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await shown()).reviews.some((x: { id: number }) => x.id === mine.id), {
        timeout: 1_000,
        interval: 50,
      })
      .toBe(false);
    const owner = (await staffSession(t, 'owner')).cookie;
    const log = (await adminCall(t, owner, 'GET', '/audit?entity=review')).json().data;
    expect((log.rows ?? log).map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['review.approve', 'review.answer', 'review.hide']),
    );
  });

  it('refuses more than four photographs, bad stars and too few words, with the reason', async () => {
    const email = `reviewer.${randomUUID().slice(0, 6)}@example.com`;
    const number = await bandOrder(email);
    await stepOrder(t, manager, number, ['in_production', 'ready_to_ship', 'shipped', 'delivered']);
    const token = /\/review\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(t, email, 'order-delivered')).text)![1]!;
    const line = (await t.app.inject({ method: 'GET', url: `/api/order/${number}/reviews?token=${token}` })).json().data
      .lines[0].lineId as number;
    const photo = await phonePhoto();
    const five = await write(number, line, token, { stars: '5', body: 'Five photographs of it.' }, [
      photo,
      photo,
      photo,
      photo,
      photo,
    ]);
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toBe('At most 4 photographs.');
    expect((await write(number, line, token, { stars: '6', body: 'Too many stars here.' })).json().message).toBe(
      'Choose from 1 to 5 stars',
    );
    expect((await write(number, line, token, { stars: '3', body: 'Short' })).json().message).toMatch(/at least 10/);
    expect((await write(number, line, token, { stars: '3', body: '<b>Bold</b> words here' })).json().message).toMatch(
      /no links or HTML/,
    );
    // Nothing was kept by the refusals: the line can still be reviewed.
    expect((await write(number, line, token, { stars: '3', body: 'Good, a little thin.' })).statusCode).toBe(200);
  });
});
