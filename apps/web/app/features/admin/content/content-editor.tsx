import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { contentPageBody, contentParams, type AdminContentPage, type ContentImage } from '@facet/contracts/content';
import { FactPlaceholders } from './fact-placeholders.tsx';
import { ImageLibrary } from './image-library.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A policy page or a journal post as staff write it: Markdown, with the store's facts as
// placeholders (listed beside the editor with what each says now), a preview made by the server
// (facts filled, HTML sanitised: exactly what shoppers will get), then save.

// The page's fields as the form holds them (the contract's rules; the version travels beside them).
const schema = contentPageBody
  .omit({ version: true, date: true, draft: true, publishAt: true })
  .strip()
  .extend({
    slug: z.string().trim().pipe(contentParams.shape.slug),
    date: z.string(),
    /** A post: kept as a draft, readable at once, or from a moment to come. */
    when: z.enum(['draft', 'now', 'later']),
    /** The moment, as a datetime-local input holds it (this computer's time). */
    publishAt: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.when !== 'later') return;
    const at = new Date(v.publishAt).getTime();
    if (!v.publishAt || Number.isNaN(at))
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Choose the day and time' });
    else if (at <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'A moment still to come (or choose “Now”)' });
  });
type Values = z.input<typeof schema>;
/** An instant as a datetime-local input shows it: this computer's wall-clock time. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const valuesOf = (p: AdminContentPage): Values => ({
  slug: p.slug,
  title: p.title,
  description: p.description,
  body: p.body,
  date: p.date ?? '',
  when: p.draft ? 'draft' : p.state === 'scheduled' ? 'later' : 'now',
  publishAt: p.publishAt && p.state === 'scheduled' ? localInput(p.publishAt) : '',
});
const at = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function ContentEditor({ page, isNew }: { page: AdminContentPage; isNew: boolean }) {
  const navigate = useNavigate();
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);
  const { busy, run } = useAdminAction();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(page),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, getValues, reset } = form;
  const e = formState.errors;
  const blog = page.kind === 'blog';
  const when = useWatch({ control: form.control, name: 'when' });
  const showErrors = (errs?: Record<string, string>) => {
    for (const [field, message] of Object.entries(errs ?? {})) setError(field as keyof Values, { message });
  };

  const save = handleSubmit((v) =>
    run(async () => {
      const saved = await adminApi('PUT /content/:kind/:slug', {
        params: { kind: page.kind, slug: v.slug },
        body: {
          version: isNew ? 0 : page.version,
          title: v.title,
          description: v.description,
          body: v.body,
          // The server dates a post the day it first appears (scheduled: that day).
          date: blog ? v.date || new Date().toISOString().slice(0, 10) : null,
          draft: blog && v.when === 'draft',
          publishAt: blog && v.when === 'later' ? new Date(v.publishAt).toISOString() : null,
        },
      });
      toast.success(
        saved.state === 'draft'
          ? 'Draft saved. Shoppers cannot read it until you publish it.'
          : saved.state === 'scheduled'
            ? `Saved. Shoppers can read it from ${at.format(new Date(saved.publishAt!))}.`
            : saved.state === 'hidden'
              ? 'Saved. It stays off the journal until you put it back.'
              : 'Saved. Shoppers read the new text now.',
      );
      reset(valuesOf(saved));
      if (isNew || saved.version !== page.version)
        void navigate(`/admin/content/${saved.kind}/${saved.slug}`, { replace: true });
    }, showErrors),
  );
  // At the text's cursor (else at its end), on a line of its own; the cursor is left after it.
  const insertImage = (image: ContentImage) => {
    const area = document.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
    const text = getValues('body');
    const at = area ? area.selectionStart : text.length;
    const before = text.slice(0, at).replace(/\s*$/, '');
    const snippet = `${before ? '\n\n' : ''}${image.markdown}\n\n`;
    form.setValue('body', `${before}${snippet}${text.slice(at).replace(/^\s*/, '')}`, { shouldDirty: true });
    toast.success(`Image put in the text: “${image.alt}”. Save to publish it.`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(before.length + snippet.length, before.length + snippet.length);
    });
  };
  const showPreview = () =>
    void run(async () => {
      const { title, body } = getValues();
      setPreview(await adminApi('POST /content/preview', { body: { title, body } }));
    }, showErrors);

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="space-y-4">
        <section className="space-y-4 border border-hairline bg-white p-4" aria-label="The page">
          {isNew && (
            <Field
              label="Address"
              error={e.slug}
              hint="The post's address: /blog/ and these words. It cannot change later."
            >
              {(a) => <input {...a} {...register('slug')} className="field py-2" />}
            </Field>
          )}
          <Field label="Title" error={e.title}>
            {(a) => <input {...a} {...register('title')} className="field py-2" />}
          </Field>
          <Field
            label="Summary"
            error={e.description}
            hint="Shown in search results, link previews and the journal's list."
          >
            {(a) => <input {...a} {...register('description')} className="field py-2" />}
          </Field>
          {blog && when !== 'later' && (
            <Field label="Date" error={e.date}>
              {(a) => <input {...a} {...register('date')} type="date" className="field max-w-xs py-2" />}
            </Field>
          )}
          <Field
            label="Text (Markdown)"
            error={e.body}
            hint="# Heading, **bold**, *italic*, [a link](https://…), - a list."
          >
            {(a) => <textarea {...a} {...register('body')} rows={22} className="field py-2 font-mono text-sm" />}
          </Field>
        </section>
        {blog && (
          <fieldset className="space-y-2 border border-hairline bg-white p-4">
            <legend className="px-1 text-sm font-semibold">Shoppers read it</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="draft" {...register('when')} className="h-4 w-4" />
              Not yet — a draft only staff can read
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="now" {...register('when')} className="h-4 w-4" />
              Now — on the journal as soon as it is saved
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="later" {...register('when')} className="h-4 w-4" />
              From a day and time
            </label>
            {when === 'later' && (
              <Field label="Publish at" error={e.publishAt} hint="In this computer's time zone.">
                {(a) => (
                  <input {...a} {...register('publishAt')} type="datetime-local" className="field max-w-xs py-2" />
                )}
              </Field>
            )}
          </fieldset>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            {busy
              ? 'Saving…'
              : blog && when === 'draft'
                ? 'Save draft'
                : blog && when === 'later'
                  ? 'Schedule'
                  : 'Save'}
          </button>
          <button type="button" className="btn-secondary py-2" disabled={busy} onClick={showPreview}>
            Preview
          </button>
          {formState.isDirty && <span className="text-sm text-muted">Unsaved changes</span>}
        </div>
        {preview && (
          <section className="border border-hairline bg-white p-6" aria-labelledby="preview">
            <h2 id="preview" className="mb-4 text-xs font-medium uppercase tracking-wider text-muted">
              Preview — as shoppers will read it
            </h2>
            <p className="mb-4 text-3xl leading-tight">{preview.title}</p>
            <div className="prose-facet" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </section>
        )}
      </form>
      <div className="space-y-4">
        <FactPlaceholders />
        <ImageLibrary use={insertImage} useLabel="Put in the text" />
      </div>
    </div>
  );
}
