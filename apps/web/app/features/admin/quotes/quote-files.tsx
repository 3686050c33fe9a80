import { useId, useState } from 'react';
import { QUOTE_FILE_MAX_BYTES, type AdminQuote } from '@facet/contracts/quotes';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/** Sketches and CAD renderings the customer sees with the quote: images and PDFs, at most 10 MB each. */
export function QuoteFiles({ q, onChange }: { q: AdminQuote; onChange: (q: AdminQuote) => void }) {
  const id = useId();
  const { busy, run } = useAdminAction();
  const [removing, setRemoving] = useState<AdminQuote['files'][number] | null>(null);
  const upload = (files: File[]) => {
    const refused = files.filter((f) => !TYPES.includes(f.type) || f.size > QUOTE_FILE_MAX_BYTES);
    if (refused.length)
      toast.error(`Not added (an image or a PDF, at most 10 MB): ${refused.map((f) => f.name).join(', ')}`);
    const ok = files.filter((f) => !refused.includes(f));
    if (!ok.length) return;
    void run(async () => {
      let next = q;
      for (const f of ok)
        next = await adminApi('POST /quotes/:number/files', {
          params: { number: q.number },
          query: { filename: f.name },
          body: new Blob([f], { type: f.type }),
          timeoutMs: 120_000,
        });
      onChange(next);
      toast.success(ok.length === 1 ? `${ok[0]!.name} added.` : `${ok.length} files added.`);
    });
  };
  return (
    <section className="border border-hairline bg-white p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-sm font-semibold">
        Sketches and renderings
      </h2>
      {q.files.length ? (
        <ul className="mt-2 space-y-2 text-sm">
          {q.files.map((f) => (
            <li key={f.id} className="flex items-center gap-2">
              {f.contentType.startsWith('image/') ? (
                <img src={f.url} alt="" width={40} height={40} className="h-10 w-10 shrink-0 bg-panel object-cover" />
              ) : (
                <span className="flex h-10 w-10 shrink-0 items-center justify-center bg-panel text-xs">PDF</span>
              )}
              <a href={f.url} className="min-w-0 flex-1 truncate text-primary underline">
                {f.name}
              </a>
              <span className="text-xs text-muted">{kb(f.bytes)}</span>
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                disabled={busy}
                onClick={() => setRemoving(f)}
              >
                Remove<span className="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">None yet. The customer sees them with the quote.</p>
      )}
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        Add images or PDFs (at most 10 MB each)
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={TYPES.join(',')}
        disabled={busy}
        className="mt-1 block w-full text-sm"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          upload(files);
        }}
      />
      <Confirm
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'the file'}?`}
        body="The customer no longer sees it with the quote."
        action="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const f = removing!;
          setRemoving(null);
          void run(async () => {
            onChange(await adminApi('DELETE /quotes/:number/files/:id', { params: { number: q.number, id: f.id } }));
            toast.success(`${f.name} removed.`);
          });
        }}
      />
    </section>
  );
}
