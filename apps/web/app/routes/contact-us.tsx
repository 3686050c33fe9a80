import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock, Mail, MapPin, Phone } from '~/components/icons.tsx';
import { contactBody, CONTACT_MESSAGE_MAX } from '@facet/contracts/account';
import { hoursText } from '@facet/contracts/store-facts';
import type { Route } from './+types/contact-us';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { callApi } from '~/lib/client-api.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Contact us',
    description:
      'Questions about a diamond, a ring size or an order? Write to Facet’s jewelers; we answer within one business day.',
  });

const shape = contactBody.shape;
const schemas = {
  name: shape.name,
  email: shape.email,
  phone: shape.phone,
  subject: shape.subject,
  message: shape.message,
};
const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;

/**
 * The form sent without the page's scripts (or before they ran): the same checks and the same
 * message as the scripted form; a refusal comes back with every field as it was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await request.formData();
  const values = Object.fromEntries(
    (Object.keys(EMPTY) as Field[]).map((k) => [k, String(fields.get(k) ?? '')]),
  ) as Record<Field, string>;
  const website = String(fields.get('website') ?? '');
  const parsed = contactBody.safeParse({ ...values, ...(website ? { website } : {}) });
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
    return { refused: { values, errors }, message: 'Please correct the fields marked below.' };
  }
  try {
    const r = await apiRequest<{ message: string }>(
      '/contact-us',
      { method: 'POST', body: parsed.data },
      context.get(hostContext),
    );
    return { sent: r.message };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { refused: { values, errors: (e.errors ?? {}) as Partial<Record<Field, string>> }, message: e.message };
  }
}

export default function Page({ actionData }: Route.ComponentProps) {
  const root = useRootData();
  const store = root?.store;
  const refused = actionData && 'refused' in actionData ? actionData.refused : undefined;
  const form = useForm(schemas, EMPTY, refused);
  const { busy, onSubmit } = useSubmit();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(
    actionData && 'sent' in actionData ? (actionData.sent ?? null) : null,
  );
  const [honeypot, setHoneypot] = useState('');

  const submit = onSubmit(form, async () => {
    const r = await callApi<{ message: string }>('/contact-us', {
      method: 'POST',
      body: { ...form.values, ...(honeypot ? { website: honeypot } : {}) },
    });
    setSent(r.message);
    form.reset();
  });

  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">We are here to help</p>
      <h1 className="mt-2 font-display text-5xl">Contact us</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Questions about a stone, a setting, sizing or an order? Our jewelers answer every message personally, within one
        business day.
      </p>
      <div className="mt-10 grid gap-12 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="sr-only">
            Send us a message
          </h2>
          {sent ? (
            <div role="status" className="border border-hairline bg-panel p-8">
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-primary" />
              <p className="mt-3 font-display text-2xl">Message sent</p>
              <p className="mt-2 text-muted">{sent}</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <a
                  href="/contact-us"
                  className="btn-secondary"
                  onClick={(e) => {
                    e.preventDefault();
                    setSent(null);
                  }}
                >
                  Send another message
                </a>
                <Link to="/" className="btn-primary">
                  Continue shopping
                </Link>
              </div>
            </div>
          ) : (
            <form
              method="post"
              action="/contact-us"
              noValidate
              onSubmit={submit}
              onReset={form.reset}
              className="grid gap-4 sm:grid-cols-2"
              aria-label="Contact us"
            >
              {actionData && 'message' in actionData && (
                <p role="alert" className="text-sm text-danger sm:col-span-2">
                  {actionData.message}
                </p>
              )}
              <TextField form={form} name="name" label="Name" autoComplete="name" required />
              <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
              <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
              <TextField form={form} name="subject" label="Subject" required />
              <TextField
                form={form}
                name="message"
                label="Message"
                multiline={7}
                maxLength={CONTACT_MESSAGE_MAX}
                required
                className="sm:col-span-2"
                hint={`${form.values.message.length.toLocaleString('en-US')} / ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`}
              />
              {/* Honeypot: hidden from people and from assistive technology; bots fill it. */}
              <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                <label htmlFor="website">Website</label>
                <input
                  id="website"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={honeypot}
                  onChange={(e) => setHoneypot(e.target.value)}
                />
              </div>
              <div className="flex gap-3 sm:col-span-2">
                {/* Before the scripts run (or without them) the server checks the fields: the button works. */}
                <button type="submit" className="btn-primary" disabled={(hydrated && !form.isValid) || busy}>
                  {busy ? 'Sending…' : 'Send message'}
                </button>
                <button type="reset" className="btn-secondary">
                  Reset
                </button>
              </div>
            </form>
          )}
        </section>
        {store && (
          <aside className="space-y-5 border-t border-hairline pt-8 text-sm lg:border-l lg:border-t-0 lg:pl-10 lg:pt-0">
            <h2 className="font-display text-2xl">Visit or call</h2>
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
              {store.address}
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
              <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                {store.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
              <a href={`mailto:${store.email}`} className="hover:underline">
                {store.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Clock aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
              {hoursText(root.facts)}. Private appointments on request.
            </p>
          </aside>
        )}
      </div>
    </div>
  );
}
