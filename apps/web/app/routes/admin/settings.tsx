import { useState } from 'react';
import type { Route } from './+types/settings';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { StoreSettingsForm } from '~/features/admin/settings/store-settings-form.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /settings');
}
export const ErrorBoundary = AdminRouteError;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const [answer, setAnswer] = useState(loaderData);
  return (
    <>
      <AdminHeading title="Store settings" />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        What the store promises and charges: every page, total, policy and e-mail reads these values, on every instance,
        within a second of saving.{' '}
        {answer.updatedAt
          ? `Last changed ${when.format(new Date(answer.updatedAt))} by ${answer.updatedBy ?? 'the command line'}.`
          : 'Not changed yet: these are the values the store started with.'}
      </p>
      <StoreSettingsForm key={answer.version} answer={answer} onSaved={setAnswer} />
    </>
  );
}
