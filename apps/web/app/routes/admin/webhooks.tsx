import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_RETRY_HOURS,
  webhookEndpointBody,
  type AdminWebhookDelivery,
  type AdminWebhookEndpoint,
  type WebhookEvent,
} from '@facet/contracts/webhooks';
import type { Route } from './+types/webhooks';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { FieldError } from '~/features/admin/shared/field-error.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams;
  const state = q.get('state');
  const [endpoints, deliveries] = await Promise.all([
    adminLoad(request, 'GET /webhooks'),
    adminLoad(request, 'GET /webhooks/deliveries', {
      query: WEBHOOK_DELIVERY_STATES.includes(state as never) ? { state: state as AdminWebhookDelivery['state'] } : {},
    }),
  ]);
  return { endpoints, deliveries };
}
export const ErrorBoundary = AdminRouteError;

interface Draft {
  id: number | null;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
}
const EMPTY: Draft = { id: null, url: 'https://', description: '', events: ['order.placed'], active: true };
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const eventLabel = (e: string) => (e === 'ping' ? 'Ping' : WEBHOOK_EVENT_LABELS[e as WebhookEvent]);
const STATE_TONE: Record<AdminWebhookDelivery['state'], string> = {
  delivered: 'text-primary',
  pending: 'text-muted',
  failed: 'text-danger',
};

/** Where the store tells other systems (bookkeeping, a warehouse) about orders, stones and customers. */
export default function AdminWebhooks({ loaderData: { endpoints, deliveries } }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [d, setD] = useState<Draft>(EMPTY);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<AdminWebhookEndpoint | null>(null);
  const { busy, run } = useAdminAction();
  const checked = webhookEndpointBody.safeParse({
    url: d.url,
    description: d.description,
    events: d.events,
    active: d.active,
  });
  const field = 'field py-1.5 text-sm';
  return (
    <>
      <AdminHeading title="Webhooks" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        The store posts each event it is asked for to the address, signed with the endpoint’s secret (see
        docs/webhooks.md for the check). A receiver that does not answer 2xx is tried again, waiting longer each time,
        for {WEBHOOK_RETRY_HOURS} hours.
      </p>
      {secret && (
        <div role="status" className="mb-4 border border-hairline bg-white p-3 text-sm" data-testid="webhook-secret">
          <p className="font-medium">Signing secret for {secret.url}</p>
          <p className="mt-1">
            Copy it into the receiver now: it is not shown again.{' '}
            <code className="break-all bg-panel px-1 py-0.5">{secret.secret}</code>
          </p>
          <button type="button" className="mt-2 text-primary underline" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </div>
      )}
      <ListTable
        caption="Endpoints"
        columns={['Address', 'Events', 'Last 7 days', '']}
        rows={endpoints.length}
        empty="No webhooks yet. Add an address below."
        minWidth={760}
      >
        {endpoints.map((e) => (
          <tr key={e.id} className="border-b border-hairline align-top last:border-0" data-testid="webhook-row">
            <td className="px-3 py-2">
              <span className="break-all font-medium">{e.url}</span>
              {e.description && <span className="block text-xs text-muted">{e.description}</span>}
              {!e.active && <span className="block text-xs font-medium text-danger">Paused</span>}
            </td>
            <td className="px-3 py-2 text-sm">{e.events.map(eventLabel).join(', ')}</td>
            <td className="whitespace-nowrap px-3 py-2 text-sm tabular-nums">
              {e.recent.delivered} delivered
              {e.recent.pending > 0 && <span className="block text-muted">{e.recent.pending} waiting</span>}
              {e.recent.failed > 0 && <span className="block text-danger">{e.recent.failed} given up</span>}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-sm">
              <button
                type="button"
                className="text-primary underline"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await adminApi('POST /webhooks/:id/ping', { params: { id: e.id } });
                    await revalidate();
                  })
                }
              >
                Send a ping<span className="sr-only"> to {e.url}</span>
              </button>
              {' · '}
              <button
                type="button"
                className="text-primary underline"
                onClick={() =>
                  setD({ id: e.id, url: e.url, description: e.description, events: e.events, active: e.active })
                }
              >
                Edit<span className="sr-only"> {e.url}</span>
              </button>
              {' · '}
              <button type="button" className="text-danger underline" onClick={() => setDeleting(e)}>
                Delete<span className="sr-only"> {e.url}</span>
              </button>
            </td>
          </tr>
        ))}
      </ListTable>

      <form
        method="post"
        aria-labelledby="webhook-form"
        className="mt-6 space-y-4 border border-hairline bg-white p-4"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!checked.success)
            return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
          setErrors({});
          void run(
            async () => {
              if (d.id === null) {
                const made = await adminApi('POST /webhooks', { body: checked.data });
                setSecret({ url: made.url, secret: made.secret });
              } else await adminApi('PUT /webhooks/:id', { params: { id: d.id }, body: checked.data });
              setD(EMPTY);
              await revalidate();
            },
            (e) => setErrors(e ?? {}),
          );
        }}
      >
        <h2 id="webhook-form" className="text-sm font-semibold">
          {d.id === null ? 'New webhook' : `Edit ${d.url}`}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-3">
            <label className="block text-sm">
              <span className="mb-1 block font-medium">Address (https)</span>
              <input
                className={`${field} w-full`}
                type="url"
                value={d.url}
                maxLength={500}
                aria-invalid={errors.url ? true : undefined}
                aria-describedby="webhook-url-error"
                onChange={(e) => setD({ ...d, url: e.currentTarget.value })}
              />
              <FieldError id="webhook-url-error" message={errors.url} />
            </label>
            <label className="block text-sm">
              <span className="mb-1 block font-medium">What it is for (optional)</span>
              <input
                className={`${field} w-full`}
                value={d.description}
                maxLength={200}
                onChange={(e) => setD({ ...d, description: e.currentTarget.value })}
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={d.active}
                onChange={(e) => setD({ ...d, active: e.currentTarget.checked })}
              />
              Send events (untick to pause)
            </label>
          </div>
          <fieldset aria-describedby="webhook-events-error">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((ev) => (
                <label key={ev} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={d.events.includes(ev)}
                    onChange={(e) =>
                      setD({
                        ...d,
                        events: e.currentTarget.checked ? [...d.events, ev] : d.events.filter((x) => x !== ev),
                      })
                    }
                  />
                  {WEBHOOK_EVENT_LABELS[ev]} <code className="text-xs text-muted">{ev}</code>
                </label>
              ))}
            </div>
            <FieldError id="webhook-events-error" message={errors.events} />
          </fieldset>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            {d.id === null ? 'Add webhook' : 'Save changes'}
          </button>
          {d.id !== null && (
            <button
              type="button"
              className="text-sm text-primary underline"
              onClick={() => {
                setD(EMPTY);
                setErrors({});
              }}
            >
              Cancel editing
            </button>
          )}
        </div>
      </form>

      <section aria-labelledby="deliveries" className="mt-8">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
          <h2 id="deliveries" className="text-sm font-semibold">
            Deliveries (the latest 100)
          </h2>
          <label className="text-sm">
            <span className="mr-2">Show</span>
            <select
              className={`${field} w-auto`}
              value={params.get('state') ?? ''}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.currentTarget.value) next.set('state', e.currentTarget.value);
                else next.delete('state');
                setParams(next);
              }}
            >
              <option value="">All</option>
              <option value="pending">Waiting to be tried again</option>
              <option value="failed">Given up</option>
              <option value="delivered">Delivered</option>
            </select>
          </label>
        </div>
        <ListTable
          caption="Deliveries"
          columns={['When', 'Event', 'To', 'State', '']}
          rows={deliveries.length}
          empty="Nothing delivered yet."
          minWidth={760}
        >
          {deliveries.map((x) => {
            const last = x.log.at(-1);
            return (
              <tr key={x.id} className="border-b border-hairline align-top last:border-0" data-testid="delivery-row">
                <td className="whitespace-nowrap px-3 py-2 text-sm tabular-nums">{when(x.createdAt)}</td>
                <td className="px-3 py-2 text-sm">{eventLabel(x.event)}</td>
                <td className="max-w-56 break-all px-3 py-2 text-sm">{x.endpointUrl}</td>
                <td className="px-3 py-2 text-sm">
                  <span className={`font-medium ${STATE_TONE[x.state]}`}>
                    {x.state === 'delivered' ? 'Delivered' : x.state === 'pending' ? 'Waiting' : 'Given up'}
                  </span>
                  <span className="block text-xs text-muted">
                    {x.attempts} {x.attempts === 1 ? 'try' : 'tries'}
                    {last ? ` · last: ${last.status ?? 'no answer'}` : ''}
                    {x.nextAt ? ` · next ${when(x.nextAt)}` : ''}
                  </span>
                  <details className="mt-1 text-xs">
                    <summary className="cursor-pointer text-primary">Details</summary>
                    <p className="mt-1 text-muted">Event id {x.eventId}</p>
                    <ol className="mt-1 space-y-1">
                      {x.log.map((a, i) => (
                        <li key={i}>
                          {when(a.at)} · {a.status ?? 'no answer'} · {a.ms} ms
                          {a.error && <span className="block text-danger">{a.error}</span>}
                          {a.answer && <span className="block break-all text-muted">{a.answer}</span>}
                        </li>
                      ))}
                    </ol>
                    <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all bg-panel p-2">
                      {JSON.stringify(x.payload, null, 2)}
                    </pre>
                  </details>
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-sm">
                  <button
                    type="button"
                    className="text-primary underline"
                    disabled={busy}
                    onClick={() =>
                      void run(async () => {
                        await adminApi('POST /webhooks/deliveries/:id/replay', { params: { id: x.id } });
                        await revalidate();
                      })
                    }
                  >
                    Send again
                    <span className="sr-only">
                      {' '}
                      {eventLabel(x.event)} {x.eventId}
                    </span>
                  </button>
                </td>
              </tr>
            );
          })}
        </ListTable>
      </section>

      <Confirm
        open={deleting !== null}
        title={`Delete the webhook to ${deleting?.url ?? ''}?`}
        body="Nothing more is sent there, and its deliveries’ log goes with it."
        action="Delete webhook"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting!.id;
          setDeleting(null);
          void run(async () => {
            await adminApi('DELETE /webhooks/:id', { params: { id } });
            await revalidate();
          });
        }}
      />
    </>
  );
}
