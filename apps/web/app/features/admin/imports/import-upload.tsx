import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IMPORT_PIECE_BYTES, importCreateBody, piecesOf, type ImportKind } from '@facet/contracts/admin-feeds';
import { toast } from '~/lib/toast.ts';
import { adminApi, ApiError } from '../shared/admin-api.ts';
import { fileSize } from '../imports/import-progress.tsx';
import { FieldError } from '../shared/field-error.tsx';

// Uploading a supplier's feed: the file goes in 4 MB pieces (each its own request, sent again if
// it fails), so a 200 MB feed neither outlives a request's time limit nor starts over on a blip.

const PIECE_TRIES = 3;

async function sendPiece(id: string, seq: number, piece: Blob) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminApi('PUT /imports/:id/pieces/:seq', {
        params: { id, seq },
        headers: { 'content-type': 'application/octet-stream' },
        body: piece,
        timeoutMs: 60_000,
      });
      return;
    } catch (err) {
      // A refusal (4xx) will not change by sending the same bytes again.
      if (attempt >= PIECE_TRIES || (err instanceof ApiError && err.status >= 400 && err.status < 500)) throw err;
      await new Promise((r) => setTimeout(r, 1_000 * attempt));
    }
  }
}

export function ImportUpload({ maxBytes }: { maxBytes: number }) {
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [supplier, setSupplier] = useState('');
  const [kind, setKind] = useState<ImportKind>('diamonds');
  const [dryRun, setDryRun] = useState(true);
  const [full, setFull] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ done: number; of: number } | null>(null);
  const [busyRun, setBusyRun] = useState<string | null>(null);
  const uploading = sent !== null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusyRun(null);
    const file = fileInput.current?.files?.[0];
    const body = {
      supplier,
      kind,
      dryRun,
      full: kind === 'diamonds' && full,
      fileName: file?.name ?? '',
      fileBytes: file?.size ?? 0,
    };
    const checked = importCreateBody.safeParse(body);
    const found: Record<string, string> = {};
    if (!file) found.file = 'Choose the feed file';
    else if (file.size > maxBytes)
      found.file = `The file is larger than ${fileSize(maxBytes)}. Split it, or import it with the command line.`;
    else if (!file.size) found.file = 'The file is empty';
    if (!checked.success)
      for (const i of checked.error.issues) {
        const k = String(i.path[0]);
        if (k === 'supplier') found.supplier = i.message;
        if (k === 'fileName' && file && !found.file) found.file = i.message;
      }
    setErrors(found);
    if (Object.keys(found).length || !file || !checked.success) return;

    let runId: string | null = null;
    try {
      setSent({ done: 0, of: piecesOf(file.size) });
      const run = await adminApi('POST /imports', { body: checked.data });
      runId = run.id;
      const pieces = piecesOf(file.size);
      for (let seq = 0; seq < pieces; seq++) {
        await sendPiece(run.id, seq, file.slice(seq * IMPORT_PIECE_BYTES, (seq + 1) * IMPORT_PIECE_BYTES));
        setSent({ done: seq + 1, of: pieces });
      }
      await adminApi('POST /imports/:id/start', { params: run });
      toast.success(dryRun ? 'Uploaded: checking the feed now.' : 'Uploaded: importing the feed now.');
      navigate(`/admin/imports/${run.id}`);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'The upload broke off. Try again.');
      if (e.status === 401) {
        navigate(`/admin/login?next=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      if (e.status === 409 && e.errors?.runId) setBusyRun(e.errors.runId);
      if (e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).filter(([k]) => k !== 'runId')));
      toast.error(e.message);
      // A half-sent upload is given up, so the supplier is free for the next try.
      if (runId) await adminApi('DELETE /imports/:id', { params: { id: runId } }).catch(() => {});
    } finally {
      setSent(null);
    }
  };

  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mb-6 border border-hairline bg-white p-4"
      aria-labelledby="upload-heading"
    >
      <h2 id="upload-heading" className="text-sm font-semibold">
        Upload a supplier feed
      </h2>
      <p className="mt-1 text-xs text-muted">
        {kind === 'diamonds'
          ? 'Diamonds: CSV or TSV as suppliers export it (RapNet-style columns)'
          : 'Products: JSON pages as Stuller’s products API returns them'}
        , up to {fileSize(maxBytes)}. Rows with mistakes are listed and skipped; the rest go ahead.
      </p>
      <fieldset className="mt-3 flex flex-wrap gap-4 text-sm" disabled={uploading}>
        <legend className="sr-only">What the file holds</legend>
        {(['diamonds', 'products'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="import-kind" checked={kind === k} onChange={() => setKind(k)} />
            {k === 'diamonds' ? 'Diamonds (CSV)' : 'Products — mountings, findings (JSON)'}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]">
        <label className="text-xs text-muted">
          Supplier code
          <input
            value={supplier}
            onChange={(e) => setSupplier(e.target.value.toUpperCase())}
            className="field mt-1 py-2 uppercase"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder="ACME"
            aria-invalid={!!errors.supplier}
            aria-describedby={errors.supplier ? 'import-supplier-error' : undefined}
            disabled={uploading}
          />
          <FieldError id="import-supplier-error" message={errors.supplier} />
        </label>
        <label className="text-xs text-muted">
          Feed file
          <input
            ref={fileInput}
            type="file"
            accept={
              kind === 'diamonds'
                ? '.csv,.tsv,.txt,.gz,text/csv,text/tab-separated-values,text/plain,application/gzip'
                : '.json,.jsonl,.ndjson,.gz,application/json,application/gzip'
            }
            className="field mt-1 py-1.5"
            aria-invalid={!!errors.file}
            aria-describedby={errors.file ? 'import-file-error' : undefined}
            disabled={uploading}
          />
          <FieldError id="import-file-error" message={errors.file} />
        </label>
      </div>
      <fieldset className="mt-3 space-y-2 text-sm" disabled={uploading}>
        <legend className="sr-only">Options</legend>
        <label className="flex items-start gap-2">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} className="mt-1" />
          <span>
            Dry run <span className="text-muted">— check the file and report what would change; write nothing</span>
          </span>
        </label>
        {kind === 'diamonds' && (
          <label className="flex items-start gap-2">
            <input type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} className="mt-1" />
            <span>
              Full feed{' '}
              <span className="text-muted">
                — this file lists everything the supplier has: their stones not in it come off sale
              </span>
            </span>
          </label>
        )}
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary py-2" disabled={uploading}>
          {dryRun ? 'Upload and check' : 'Upload and import'}
        </button>
        {sent && (
          <span className="text-xs text-muted" role="status">
            Sending… {Math.round((sent.done / sent.of) * 100)}%
          </span>
        )}
        {busyRun && (
          <Link to={`/admin/imports/${busyRun}`} className="text-xs underline">
            Open the running import
          </Link>
        )}
      </div>
    </form>
  );
}
