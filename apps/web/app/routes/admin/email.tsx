import { Link } from 'react-router';
import { MAIL_WORD_KINDS, type MailWordKind } from '@facet/contracts/mail-words';
import type { Route } from './+types/email';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { MailWordsEditor } from '~/features/admin/content/mail-words-editor.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const all = await adminLoad(request, 'GET /mail-words');
  const words = all.find((w) => w.kind === params.kind && MAIL_WORD_KINDS.includes(w.kind as MailWordKind));
  if (!words) throw new Response('There is no such e-mail.', { status: 404 });
  return { words };
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminEmail({ loaderData: { words } }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/emails" className="text-primary underline">
          ← E-mails
        </Link>
      </p>
      <AdminHeading title={words.label} />
      <p className="mb-4 text-sm text-muted">
        {words.edited ? 'Your words' : 'The store’s own words'}
        {words.updatedAt ? ` · e-mails last saved ${when.format(new Date(words.updatedAt))} by ${words.updatedBy}` : ''}
      </p>
      <MailWordsEditor key={`${words.kind}-${words.version}`} words={words} />
    </>
  );
}
