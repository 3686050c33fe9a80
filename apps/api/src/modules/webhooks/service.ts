import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { openText, purposeKey, sealText, serverSecret } from '../../secrets.ts';
import { audit, type Actor } from '../audit/index.ts';
import { RefusedFetch, safeFetch } from '../feeds/index.ts';
import {
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  type AdminWebhookDelivery,
  type AdminWebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEvent,
} from '@facet/contracts/webhooks';
import { NotFound, Validation } from '../../errors.ts';
import { webhooksRepository as repo, type DueDelivery, type EndpointRow } from './repository.ts';
import { signatureOf } from './signature.ts';

type Deps = { db: Db; config: Config; log: FastifyBaseLogger };

const secretKey = (config: Config) => purposeKey(serverSecret(config), 'webhooks');
/** A delivery is taken for this long; one not settled by then (its instance died) is due again. */
const LEASE_S = 60;
const TIMEOUT_MS = 10_000;
const ANSWER_KEPT = 500;

/** 30 s, 1 min, 2, 4 … at most an hour between tries, until a day has passed since the event. */
export function nextTry(attempts: number, createdAt: Date, now = new Date()): Date | null {
  const wait = Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
  const at = new Date(now.getTime() + wait);
  return at.getTime() - createdAt.getTime() > WEBHOOK_RETRY_HOURS * 3_600_000 ? null : at;
}

/** Only https (and http to this machine's test servers the configuration lets through). */
export function refusedUrl(url: string, config: Pick<Config, 'FEED_FETCH_ALLOW'>): string | null {
  const u = new URL(url);
  if (u.protocol === 'https:') return null;
  const hostPort = `${u.hostname}:${u.port || 80}`;
  if (u.protocol === 'http:' && config.FEED_FETCH_ALLOW.includes(hostPort)) return null;
  return 'Webhooks are sent only to https:// addresses.';
}

async function endpointOut(db: Db, rows: EndpointRow[]): Promise<AdminWebhookEndpoint[]> {
  const counts = await repo.recentCounts(db);
  return rows.map((e) => {
    const recent = { delivered: 0, pending: 0, failed: 0 };
    for (const c of counts) if (c.endpointId === e.id) recent[c.state as keyof typeof recent] = c.n;
    return {
      id: e.id,
      url: e.url,
      events: e.events as WebhookEvent[],
      description: e.description,
      active: e.active,
      createdAt: e.createdAt.toISOString(),
      recent,
    };
  });
}

export const listEndpoints = async (db: Db) => endpointOut(db, await repo.endpoints(db));

export async function createEndpoint(deps: Deps, actor: Actor, body: WebhookEndpointBody) {
  const refused = refusedUrl(body.url, deps.config);
  if (refused) throw new Validation(refused, { url: refused });
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await deps.db.transaction(async (tx) => {
    const r = await repo.insertEndpoint(tx, { ...body, secretSealed: sealText(secretKey(deps.config), secret) });
    await audit(tx, actor, 'webhook.create', 'webhook_endpoint', r.id, null, { url: r.url, events: r.events });
    return r;
  });
  return { ...(await endpointOut(deps.db, [row]))[0]!, secret };
}

export async function updateEndpoint(deps: Deps, actor: Actor, id: number, body: WebhookEndpointBody) {
  const refused = refusedUrl(body.url, deps.config);
  if (refused) throw new Validation(refused, { url: refused });
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.endpoint(tx, id);
    if (!before) throw new NotFound('No such webhook');
    const r = (await repo.updateEndpoint(tx, id, body))!;
    await audit(
      tx,
      actor,
      'webhook.update',
      'webhook_endpoint',
      id,
      { url: before.url, events: before.events, active: before.active },
      { url: r.url, events: r.events, active: r.active },
    );
    return r;
  });
  return (await endpointOut(deps.db, [row]))[0]!;
}

export async function deleteEndpoint(deps: Deps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.endpoint(tx, id);
    if (!before) return false;
    await repo.deleteEndpoint(tx, id);
    await audit(tx, actor, 'webhook.delete', 'webhook_endpoint', id, { url: before.url, events: before.events }, null);
    return true;
  });
}

export async function deliveries(
  db: Db,
  q: { endpoint?: number; state?: 'pending' | 'delivered' | 'failed'; id?: number },
): Promise<AdminWebhookDelivery[]> {
  const rows = await repo.deliveries(db, { ...q, limit: 100 });
  const log = await repo.attemptsOf(
    db,
    rows.map((r) => r.d.id),
  );
  return rows.map(({ d, url }) => ({
    id: d.id,
    eventId: d.eventId,
    event: d.event as WebhookEvent | 'ping',
    endpointId: d.endpointId,
    endpointUrl: url,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.createdAt.toISOString(),
    nextAt: d.state === 'pending' ? d.nextAt.toISOString() : null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    payload: d.payload,
    log: log
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({ at: a.at.toISOString(), status: a.status, answer: a.answer, error: a.error, ms: a.ms })),
  }));
}

async function oneDelivery(db: Db, id: number) {
  const [d] = await deliveries(db, { id });
  if (!d) throw new NotFound('No such delivery');
  return d;
}

/** Sends the delivery again now with its own event id (a receiver that kept it drops it). */
export async function replay(deps: Deps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.requeue(tx, id))) throw new NotFound('No such delivery');
    await audit(tx, actor, 'webhook.replay', 'webhook_delivery', id, null, null);
  });
  // Only this one, now: the rest stay with the sender (a replay is not a reason to drain the queue here).
  await sendDue(deps, id);
  return oneDelivery(deps.db, id);
}

/** A signed `ping` to one endpoint, sent at once (the owner's check that the receiver is right). */
export async function ping(deps: Deps, id: number) {
  const e = await repo.endpoint(deps.db, id);
  if (!e) throw new NotFound('No such webhook');
  const eventId = randomUUID();
  const d = await repo.insertDelivery(deps.db, {
    eventId,
    endpointId: id,
    event: 'ping',
    payload: { id: eventId, type: 'ping', created: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), data: {} },
  });
  await sendDue(deps, d.id);
  return oneDelivery(deps.db, d.id);
}

async function post(deps: Deps, d: DueDelivery) {
  const body = JSON.stringify(d.payload);
  const secret = openText(secretKey(deps.config), d.secretSealed);
  const started = Date.now();
  try {
    const refused = refusedUrl(d.url, deps.config);
    if (refused) throw new RefusedFetch(refused);
    const res = await safeFetch(d.url, {
      allow: deps.config.FEED_FETCH_ALLOW,
      postBody: body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Facet-Webhooks/1',
        'facet-event': d.event,
        'facet-event-id': d.eventId,
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, Math.floor(Date.now() / 1000), body),
      },
    });
    return {
      delivered: res.status >= 200 && res.status < 300,
      status: res.status,
      answer: res.body.toString('utf8').slice(0, ANSWER_KEPT),
      error: res.status >= 200 && res.status < 300 ? null : `The receiver answered ${res.status}.`,
      ms: Date.now() - started,
    };
  } catch (err) {
    return {
      delivered: false,
      status: null,
      answer: '',
      error: err instanceof Error ? err.message : String(err),
      ms: Date.now() - started,
    };
  }
}

/** Sends every due delivery (in tens), each by one instance; answers how many were delivered. */
export async function sendDue(deps: Deps, onlyId?: number): Promise<number> {
  let delivered = 0;
  for (;;) {
    const batch = await deps.db.transaction((tx) => repo.claimDue(tx, 10, LEASE_S, onlyId));
    if (!batch.length) return delivered;
    await Promise.all(
      batch.map(async (d) => {
        const r = await post(deps, d);
        if (r.delivered) delivered++;
        else deps.log.warn({ delivery: d.id, event: d.event, error: r.error }, 'webhook not delivered');
        const nextAt = r.delivered ? null : nextTry(d.attempts + 1, d.createdAt);
        await deps.db.transaction((tx) =>
          repo.settle(
            tx,
            d.id,
            { delivered: r.delivered, nextAt },
            { status: r.status, answer: r.answer, error: r.error, ms: r.ms },
          ),
        );
      }),
    );
  }
}
