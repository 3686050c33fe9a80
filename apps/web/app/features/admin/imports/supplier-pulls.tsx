import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  IMPORT_KIND_LABELS,
  supplierCodeField,
  supplierPullBody,
  type ImportKind,
  type SupplierFeed,
} from '@facet/contracts/admin-feeds';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { TableHead } from '../shared/table-head.tsx';
import { FieldError } from '../shared/field-error.tsx';

// Suppliers whose feed the store fetches itself: address, how often, full or partial; the last
// pull's result; pull now; stop.

const EVERY = [
  [15, 'Every 15 minutes'],
  [30, 'Every 30 minutes'],
  [60, 'Every hour'],
  [120, 'Every 2 hours'],
  [240, 'Every 4 hours'],
  [360, 'Every 6 hours'],
  [720, 'Every 12 hours'],
  [1440, 'Once a day'],
] as const;
const everyLabel = (m: number | null) => EVERY.find(([v]) => v === m)?.[1] ?? (m ? `Every ${m} minutes` : '—');
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function PullForm({ initial, onDone }: { initial?: SupplierFeed; onDone: () => void }) {
  const { busy, run } = useAdminAction();
  const [code, setCode] = useState(initial?.code ?? '');
  const [url, setUrl] = useState(initial?.feedUrl ?? '');
  const [every, setEvery] = useState(initial?.everyMinutes ?? 240);
  const [full, setFull] = useState(initial?.full ?? false);
  const [kind, setKind] = useState<ImportKind>(initial?.kind ?? 'diamonds');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () =>
    run(
      async () => {
        const c = supplierCodeField.safeParse(code);
        const body = supplierPullBody.safeParse({
          feedUrl: url.trim(),
          everyMinutes: every,
          full: kind === 'diamonds' && full,
          kind,
        });
        const found: Record<string, string> = {};
        if (!c.success) found.code = c.error.issues[0]!.message;
        if (!body.success) for (const i of body.error.issues) found[String(i.path[0])] = i.message;
        setErrors(found);
        if (!c.success || !body.success) return;
        await adminApi('PUT /suppliers/:code/pull', { params: { code: c.data }, body: body.data });
        toast.success(`${c.data}'s feed will be fetched ${everyLabel(every).toLowerCase()}, starting now.`);
        onDone();
      },
      (e) => e && setErrors(e),
    );
  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
      className="grid gap-3 border-t border-hairline bg-panel p-3 sm:grid-cols-[9rem_1fr_12rem]"
    >
      <label className="text-xs text-muted">
        Supplier code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          readOnly={!!initial}
          className="field mt-1 py-2 uppercase"
          aria-invalid={!!errors.code}
          aria-describedby={errors.code ? 'pull-code-error' : undefined}
        />
        <FieldError id="pull-code-error" message={errors.code} />
      </label>
      <label className="text-xs text-muted">
        Feed address
        <input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          type="url"
          inputMode="url"
          placeholder="https://supplier.example/feeds/stock.csv"
          className="field mt-1 py-2"
          aria-invalid={!!errors.feedUrl}
          aria-describedby={errors.feedUrl ? 'pull-url-error' : undefined}
        />
        <FieldError id="pull-url-error" message={errors.feedUrl} />
      </label>
      <label className="text-xs text-muted">
        How often
        <select value={every} onChange={(e) => setEvery(Number(e.target.value))} className="field mt-1 py-2">
          {EVERY.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-start gap-x-5 gap-y-2 text-sm sm:col-span-2">
        <label className="text-xs text-muted">
          The feed holds
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as ImportKind)}
            className="field mt-1 block py-2"
          >
            <option value="diamonds">Diamonds (CSV)</option>
            <option value="products">Products (JSON pages)</option>
          </select>
        </label>
        {kind === 'diamonds' && (
          <label className="flex items-start gap-2 self-end pb-2">
            <input type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} className="mt-1" />
            <span>
              Full feed <span className="text-muted">— their stones missing from it come off sale</span>
            </span>
          </label>
        )}
      </div>
      <div className="flex gap-2 sm:justify-end">
        <button type="button" className="btn-secondary py-2" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}

export function SupplierPulls({ suppliers }: { suppliers: SupplierFeed[] }) {
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const [editing, setEditing] = useState<string | null>(null);
  const pulled = suppliers.filter((s) => s.feedUrl);
  const done = () => {
    setEditing(null);
    void revalidate();
  };
  const pullNow = (code: string) =>
    run(async () => {
      await adminApi('POST /suppliers/:code/pull-now', { params: { code } });
      toast.success(`${code}'s feed will be fetched within a minute.`);
      void revalidate();
    });
  const stop = (s: SupplierFeed) =>
    run(async () => {
      await adminApi('PUT /suppliers/:code/pull', {
        params: s,
        body: { feedUrl: null, everyMinutes: s.everyMinutes ?? 240, full: s.full, kind: s.kind },
      });
      toast.success(`${s.code}'s feed is no longer fetched.`);
      void revalidate();
    });
  return (
    <section aria-labelledby="pulls-heading" className="mb-6 border border-hairline bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <div>
          <h2 id="pulls-heading" className="text-sm font-semibold">
            Scheduled pulls
          </h2>
          <p className="mt-1 text-xs text-muted">
            Feeds the store fetches itself. An unchanged feed is skipped; a changed one is imported like an upload.
          </p>
        </div>
        {editing !== 'new' && (
          <button type="button" className="btn-secondary py-1.5 text-xs" onClick={() => setEditing('new')}>
            Add a feed address
          </button>
        )}
      </div>
      {editing === 'new' && <PullForm onDone={done} />}
      {pulled.length > 0 && (
        <div className="relative overflow-x-auto border-t border-hairline">
          <table className="w-full min-w-[820px] text-sm">
            <caption className="sr-only">Suppliers whose feeds are fetched on a schedule</caption>
            <TableHead columns={['Supplier', 'Feed address', 'How often', 'Last pull', 'Next', '']} />
            <tbody>
              {pulled.map((s) =>
                editing === s.code ? (
                  <tr key={s.code}>
                    <td colSpan={6} className="p-0">
                      <PullForm initial={s} onDone={done} />
                    </td>
                  </tr>
                ) : (
                  <tr key={s.code} className="border-b border-hairline align-top last:border-0">
                    <td className="px-3 py-2 font-mono text-xs">{s.code}</td>
                    <td className="max-w-[18rem] break-all px-3 py-2 text-xs">{s.feedUrl}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs">
                      {everyLabel(s.everyMinutes)} · {IMPORT_KIND_LABELS[s.kind].toLowerCase()}
                      {s.full ? ' · full' : ''}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      {s.lastPullAt ? when.format(new Date(s.lastPullAt)) : 'Not yet'}
                      {s.lastPullResult && <span className="block text-muted">{s.lastPullResult}</span>}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs">
                      {s.nextPullAt ? when.format(new Date(s.nextPullAt)) : '—'}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <button
                        type="button"
                        className="text-xs underline"
                        disabled={busy}
                        onClick={() => void pullNow(s.code)}
                      >
                        Pull now
                      </button>{' '}
                      <button type="button" className="ml-2 text-xs underline" onClick={() => setEditing(s.code)}>
                        Edit
                      </button>{' '}
                      <button
                        type="button"
                        className="ml-2 text-xs text-danger underline"
                        disabled={busy}
                        onClick={() => void stop(s)}
                      >
                        Stop
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
