import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { IMPORT_STATE_LABELS, type ImportRun, type ImportState } from '@facet/contracts/admin-feeds';

// A feed import's state and progress, in the list and on the run's page; pages showing a live run
// read it again every second until it ends.

const TONE: Record<ImportState, { background: string; color: string; borderColor: string }> = {
  uploading: { background: '#f2f2f0', color: '#3d3d3d', borderColor: '#dcdcd8' },
  queued: { background: '#f2f2f0', color: '#3d3d3d', borderColor: '#dcdcd8' },
  running: { background: '#eaf4fb', color: '#134766', borderColor: '#b9d7ea' },
  done: { background: '#e9f5ef', color: '#1f5e4b', borderColor: '#b6dccb' },
  failed: { background: '#fbeeee', color: '#a12a2a', borderColor: '#ecc3c3' },
};
const PHASES: Record<string, string> = {
  reading: 'reading the file',
  checking: 'checking rows',
  applying: 'writing stones',
  withdrawing: 'withdrawing stones',
};

export const isLive = (r: ImportRun) => r.state === 'queued' || r.state === 'running';

export function ImportStateBadge({ run }: { run: ImportRun }) {
  return (
    <span
      className="inline-block whitespace-nowrap rounded-sm border px-2 py-0.5 text-xs font-medium"
      style={TONE[run.state]}
    >
      {IMPORT_STATE_LABELS[run.state]}
    </span>
  );
}

const n = (v: number) => v.toLocaleString('en-US');

/** Rows done of total as a bar with the rate and the refused so far. */
export function ImportProgress({ run }: { run: ImportRun }) {
  if (run.state !== 'running') return null;
  const share = run.rowsTotal ? Math.min(1, run.rowsDone / run.rowsTotal) : 0;
  const seconds = run.startedAt ? (Date.parse(run.progressAt) - Date.parse(run.startedAt)) / 1000 : 0;
  const rate = seconds > 1 ? Math.round(run.rowsDone / seconds) : null;
  const label = run.rowsTotal
    ? `${n(run.rowsDone)} of ${n(run.rowsTotal)} rows`
    : `${PHASES[run.phase ?? 'reading'] ?? 'starting'}…`;
  return (
    <div className="min-w-[12rem]">
      <div
        role="progressbar"
        aria-label={`Import of ${run.fileName}`}
        aria-valuemin={0}
        aria-valuemax={run.rowsTotal ?? undefined}
        aria-valuenow={run.rowsTotal ? run.rowsDone : undefined}
        aria-valuetext={label}
        className="h-1.5 w-full overflow-hidden rounded-full bg-hairline"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted">
        {label}
        {run.rowsTotal && run.phase ? ` · ${PHASES[run.phase] ?? run.phase}` : ''}
        {rate ? ` · ${n(rate)} rows/s` : ''}
        {run.errorsSoFar ? ` · ${n(run.errorsSoFar)} refused` : ''}
      </p>
    </div>
  );
}

/** Reads the page's data again every second while `live`. */
export function useFollowWhile(live: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!live || state !== 'idle') return;
    const t = window.setTimeout(() => void revalidate(), 1_000);
    return () => window.clearTimeout(t);
  }, [live, state, revalidate]);
}

export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
