import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { contentPageBody, contentParams, type AdminContentPage } from '@facet/contracts/content';
import { FactPlaceholders } from './fact-placeholders.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A policy page or a journal post as staff write it: Markdown, with the store's facts as
// placeholders (listed beside the editor with what each says now), a preview made by the server
// (facts filled, HTML sanitised: exactly what shoppers will get), then save.

// The page's fields as the form holds them (the contract's rules; the version travels beside them).
const schema = contentPageBody
  .omit({ version: true, date: true })
  .strip()
  .extend({
    slug: z.string().trim().pipe(contentParams.shape.slug),
    date: z.string(),
  });
type Values = z.input<typeof schema>;
const valuesOf = (p: AdminContentPage): Values => ({
  slug: p.slug,
  title: p.title,
  description: p.description,
  body: p.body,
  date: p.date ?? '',
});

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
          date: blog ? v.date || new Date().toISOString().slice(0, 10) : null,
        },
      });
      toast.success('Saved. Shoppers read the new text now.');
      reset(valuesOf(saved));
      if (isNew || saved.version !== page.version)
        void navigate(`/admin/content/${saved.kind}/${saved.slug}`, { replace: true });
    }, showErrors),
  );
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
          {blog && (
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
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
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
            <div className="prose-facet" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </section>
        )}
      </form>
      <FactPlaceholders />
    </div>
  );
}
