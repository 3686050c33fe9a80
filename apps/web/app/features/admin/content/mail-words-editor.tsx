import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { mailPreviewBody, type AdminMailWords } from '@facet/contracts/mail-words';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// One e-mail's words as the owner writes them: a subject and an opening in Markdown with the
// message's facts as placeholders (listed beside it), a preview the server makes from the newest
// real order, then save; or back to the store's own words.

type Values = { subject: string; body: string };
type Preview = { subject: string; html: string; from: string };

export function MailWordsEditor({ words }: { words: AdminMailWords }) {
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [resetting, setResetting] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(mailPreviewBody),
    defaultValues: { subject: words.subject, body: words.body },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, getValues } = form;
  const e = formState.errors;
  const showErrors = (errs?: Record<string, string>) => {
    for (const [field, message] of Object.entries(errs ?? {}))
      if (field === 'subject' || field === 'body') setError(field, { message });
  };

  const save = handleSubmit((v) =>
    run(async () => {
      await adminApi('PUT /mail-words/:kind', { params: { kind: words.kind }, body: { version: words.version, ...v } });
      toast.success(`Saved: every ${words.label.toLowerCase()} e-mail from now on opens with your words.`);
      await revalidate();
    }, showErrors),
  );
  const showPreview = () =>
    void run(async () => {
      setPreview(await adminApi('POST /mail-words/:kind/preview', { params: { kind: words.kind }, body: getValues() }));
    }, showErrors);
  const reset = () =>
    void run(async () => {
      await adminApi('DELETE /mail-words/:kind', { params: { kind: words.kind }, query: { version: words.version } });
      toast.success(`The ${words.label.toLowerCase()} e-mail uses the store’s own words again.`);
      await revalidate();
    });

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="space-y-4">
        <section className="space-y-4 border border-hairline bg-white p-4" aria-label="The e-mail's words">
          <Field label="Subject" error={e.subject}>
            {(a) => <input {...a} {...register('subject')} className="field py-2" />}
          </Field>
          <Field
            label="Opening (Markdown)"
            error={e.body}
            hint="Paragraphs, **bold**, *italic*, [a link](https://…), - a list."
          >
            {(a) => <textarea {...a} {...register('body')} rows={10} className="field py-2 font-mono text-sm" />}
          </Field>
          <p className="text-sm text-muted">Then the store adds {words.then}.</p>
        </section>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="btn-secondary py-2" disabled={busy} onClick={showPreview}>
            Preview
          </button>
          {words.edited && (
            <button
              type="button"
              className="text-sm text-danger underline"
              disabled={busy}
              onClick={() => setResetting(true)}
            >
              Use the store’s own words
            </button>
          )}
          {formState.isDirty && <span className="text-sm text-muted">Unsaved changes</span>}
        </div>
        {preview && (
          <section className="border border-hairline bg-white p-4" aria-labelledby="mail-preview">
            <h2 id="mail-preview" className="text-xs font-medium uppercase tracking-wider text-muted">
              Preview — made from {preview.from}
            </h2>
            <p className="mt-2 text-sm">
              <span className="text-muted">Subject:</span> {preview.subject}
            </p>
            <iframe
              title={`The e-mail as the customer gets it: ${preview.subject}`}
              srcDoc={preview.html}
              sandbox=""
              className="mt-3 h-[36rem] w-full border border-hairline"
            />
          </section>
        )}
      </form>
      <aside className="border border-hairline bg-white p-4 text-sm" aria-labelledby="mail-placeholders">
        <h2 id="mail-placeholders" className="font-semibold">
          Placeholders
        </h2>
        <p className="mt-1 text-xs text-muted">Each is replaced by the message’s own fact when it is sent.</p>
        <dl className="mt-2 space-y-1.5">
          {Object.entries(words.placeholders).map(([name, what]) => (
            <div key={name}>
              <dt className="font-mono text-xs">{`{{${name}}}`}</dt>
              <dd className="text-xs text-muted">{what}</dd>
            </div>
          ))}
        </dl>
      </aside>
      <Confirm
        open={resetting}
        title="Use the store’s own words?"
        body="Your words for this e-mail are replaced by the store’s own. The change is kept in the audit log."
        action="Use the store’s own words"
        onClose={() => setResetting(false)}
        onConfirm={() => {
          setResetting(false);
          reset();
        }}
      />
    </div>
  );
}
