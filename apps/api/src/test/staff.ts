import { randomUUID } from 'node:crypto';
import type { Role } from '@facet/contracts/admin';
import { addStaff } from '../modules/staff/service.ts';
import type { TestApp } from './build-test-app.ts';
import { cartWithDiamond, orderBody } from './checkout.ts';

export const STAFF_PASSWORD = 'Loupe-and-Tweezers-42';
/** Same-origin, as the admin pages send it (the Origin check refuses anything else). */
export const ORIGIN = 'http://localhost:3000';

/** A staff member of `role`, signed in: answers the cookie header to send. */
export async function staffSession(t: TestApp, role: Role, email = `${role}.${randomUUID().slice(0, 8)}@facet.test`) {
  await addStaff(t.database.db, { email, role, password: STAFF_PASSWORD }, null);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password: STAFF_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode}: ${res.body}`);
  const c = res.cookies.find((x) => x.name === 'facet_staff')!;
  return { email, cookie: `facet_staff=${c.value}` };
}

/** An admin request as the admin pages make it. */
export const adminCall = (t: TestApp, cookie: string | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/admin${url}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A guest order with one loose diamond: answers its number and the diamond's id. */
/** A photograph sent as the back office's form sends it (multipart: the file, and its words when given). */
export function photoUpload(
  t: TestApp,
  cookie: string,
  url: string,
  photo: Buffer,
  alt?: string,
  fields: Record<string, string> = {},
) {
  const boundary = `----facet${randomUUID()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(alt === undefined ? '' : field('alt', alt)),
    Buffer.from(
      Object.entries(fields)
        .map(([name, value]) => field(name, value))
        .join(''),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="s.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { origin: ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

export async function placeDiamondOrder(
  t: TestApp,
  email = `buyer.${randomUUID().slice(0, 8)}@example.com`,
  extra: object = {},
  end: 'newest' | 'oldest' = 'newest',
) {
  const session = randomUUID();
  const diamondId = await cartWithDiamond(t, session, 0, end === 'newest');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'x-session-id': session, 'idempotency-key': randomUUID() },
    payload: orderBody(email, extra),
  });
  if (res.statusCode !== 200) throw new Error(`order ${res.statusCode}: ${res.body}`);
  return {
    number: res.json().data.number as string,
    diamondId,
    email,
    token: res.json().data.accessToken as string,
  };
}

/** Staff take an order through `statuses` in turn, as the order page does (a UPS tracking number when it ships). */
export async function stepOrder(t: TestApp, cookie: string, number: string, statuses: readonly string[]) {
  for (const status of statuses) {
    const { version } = (await adminCall(t, cookie, 'GET', `/orders/${number}`)).json().data as { version: number };
    const res = await adminCall(t, cookie, 'POST', `/orders/${number}/status`, {
      version,
      status,
      ...(status === 'shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${status} ${res.statusCode}: ${res.body}`);
  }
}

/** Runs `work` with these store settings saved by the owner, then puts the settings back as they were. */
export async function withStoreSettings<T>(t: TestApp, patch: Record<string, unknown>, work: () => Promise<T>) {
  const owner = (await staffSession(t, 'owner')).cookie;
  const current = (await adminCall(t, owner, 'GET', '/settings')).json().data;
  const put = await adminCall(t, owner, 'PUT', '/settings', {
    version: current.version,
    settings: { ...current.settings, ...patch },
  });
  if (put.statusCode !== 200) throw new Error(`settings not saved: ${put.body}`);
  try {
    return await work();
  } finally {
    const now = (await adminCall(t, owner, 'GET', '/settings')).json().data;
    await adminCall(t, owner, 'PUT', '/settings', { version: now.version, settings: current.settings });
  }
}
