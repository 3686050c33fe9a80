import { EXPORT_NAMES, EXPORTS, type ExportName } from '@facet/contracts/exports';

/** Everything the store holds, to take out whole: a CSV for a spreadsheet, JSON lines for another tool. */
export function ExportsList({ canReadAudit }: { canReadAudit: boolean }) {
  const names: ExportName[] = [...EXPORTS, ...(canReadAudit ? (['audit'] as const) : [])];
  return (
    <>
      <h2 className="mb-1 text-sm font-semibold">Exports</h2>
      <p className="mb-3 max-w-4xl text-sm text-muted">
        Everything the store holds, whatever its date: each file is written as it downloads, so a large store’s takes a
        while but never fails for its size. CSV gives money in dollars; JSON lines give it in cents. Times are the
        store’s. A cell a spreadsheet would run as a formula starts with an apostrophe.
      </p>
      <ul className="divide-y divide-hairline border border-hairline bg-white text-sm">
        {names.map((name) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <span>{EXPORT_NAMES[name]}</span>
            <span className="flex gap-4">
              <a className="text-primary underline" href={`/api/admin/exports/${name}/csv`} download>
                CSV<span className="sr-only"> of {EXPORT_NAMES[name].toLowerCase()}</span>
              </a>
              <a className="text-primary underline" href={`/api/admin/exports/${name}/jsonl`} download>
                JSON lines<span className="sr-only"> of {EXPORT_NAMES[name].toLowerCase()}</span>
              </a>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
