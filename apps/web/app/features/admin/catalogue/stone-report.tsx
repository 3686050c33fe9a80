import { useEffect, useId, useState } from 'react';
import { REPORT_MAX_BYTES } from '@facet/contracts/admin-catalogue';
import type { AdminAnswer } from '@facet/contracts/admin-api';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';

type Report = AdminAnswer<'GET /stones/:kind/:id/report'>;
const kb = (n: number) => `${Math.max(1, Math.round(n / 1024)).toLocaleString()} KB`;

/** A stone's grading report as a PDF: shoppers download it from the stone's page. */
export function StoneReport({ kind, id, lab }: { kind: 'diamond' | 'gemstone'; id: number; lab: string }) {
  const [report, setReport] = useState<Report | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAdminAction();
  const fieldId = useId();
  const params = { kind, id };
  useEffect(() => {
    let gone = false;
    adminApi('GET /stones/:kind/:id/report', { params: { kind, id } })
      .then((r) => !gone && setReport(r))
      .catch(() => !gone && setReport(null));
    return () => {
      gone = true;
    };
  }, [kind, id]);
  const upload = (file: File) => {
    if (file.size > REPORT_MAX_BYTES) return void toast.error('A report is at most 10 MB.');
    const named = /\.pdf$/i.test(file.name) ? file.name.replace(/[^\w .()-]/g, '_') : `${lab}-report.pdf`;
    void run(async () => {
      const next = await adminApi('PUT /stones/:kind/:id/report', {
        params,
        query: { filename: named },
        body: new Blob([file], { type: 'application/pdf' }),
        timeoutMs: 120_000,
      });
      setReport(next);
      toast.success('Report saved. The stone’s page offers it as a download now.');
    });
  };
  return (
    <section className="border border-hairline bg-white p-4" aria-labelledby={`${fieldId}-h`}>
      <h2 id={`${fieldId}-h`} className="text-sm font-semibold">
        Grading report (PDF)
      </h2>
      {report === undefined ? (
        <p className="mt-2 text-sm text-muted">Loading…</p>
      ) : report ? (
        <p className="mt-2 text-sm">
          <a href={report.url} className="text-primary underline">
            {report.filename}
          </a>{' '}
          <span className="text-muted">({kb(report.size)})</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">
          {kind === 'diamond'
            ? 'None uploaded. GIA and IGI reports open on the lab’s own site by their number; for other labs, upload the PDF.'
            : 'None uploaded. Shoppers can open the report from the stone’s card once it is here.'}
        </p>
      )}
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium">
        {report ? 'Replace the report with another PDF file' : 'Report PDF file'} (at most 10 MB)
      </label>
      <input
        id={fieldId}
        type="file"
        accept="application/pdf"
        disabled={busy}
        className="mt-1 block w-full text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      {report && (
        <button
          type="button"
          className="btn-secondary mt-3 px-3 py-1.5 text-xs"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          Remove the report
        </button>
      )}
      <Confirm
        open={asking}
        title="Remove the report?"
        body="Shoppers can no longer download it from the stone’s page."
        action="Remove the report"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void run(async () => {
            setReport(await adminApi('DELETE /stones/:kind/:id/report', { params }));
            toast.success('Report removed.');
          });
        }}
      />
    </section>
  );
}
