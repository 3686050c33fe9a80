import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature a receiver checks: HMAC-SHA256, under the endpoint's secret, of the moment and the
// body exactly as sent ("<unix seconds>.<body>"). The moment inside it lets a receiver refuse an old
// delivery replayed by someone who saw it (docs/webhooks.md shows the check).

export const signatureOf = (secret: string, at: number, body: string) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

/** True when `header` signs `body` under `secret` and is at most `toleranceS` old. */
export function verifySignature(secret: string, header: string, body: string, now = Date.now(), toleranceS = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const at = Number(parts.t);
  if (!Number.isInteger(at) || !parts.v1 || Math.abs(now / 1000 - at) > toleranceS) return false;
  const want = Buffer.from(signatureOf(secret, at, body).split('v1=')[1]!, 'hex');
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
