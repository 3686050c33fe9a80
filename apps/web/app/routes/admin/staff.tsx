import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import { z } from 'zod';
import { ROLES, ROLE_LABELS, type Role, type StaffMe } from '@facet/contracts/admin';
import { emailField } from '@facet/contracts/account';
import { addStaffBody } from '@facet/contracts/admin-api/shared';
import type { Route } from './+types/staff';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { SelectField } from '~/components/form/select-field.tsx';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { Confirm } from '~/features/admin/shared/confirm.tsx';
import { toast } from '~/lib/toast.ts';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /staff');
}
export const ErrorBoundary = AdminRouteError;

const schemas = {
  email: emailField,
  name: addStaffBody.shape.name,
  role: z.enum(ROLES, 'Choose a role'),
};

export default function AdminStaff({ loaderData: staff }: Route.ComponentProps) {
  const form = useForm(schemas, { email: '', name: '', role: '' });
  const { busy, run } = useAdminAction();
  const { revalidate } = useRevalidator();
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const [resetting, setResetting] = useState<StaffMe | null>(null);
  const me = useOutletContext<StaffMe>();
  return (
    <>
      <AdminHeading title="Staff" />
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
        <ListTable
          caption="Staff members"
          columns={['E-mail', 'Name', 'Role', 'Two-factor', '']}
          rows={staff.length}
          empty="No staff yet."
        >
          {staff.map((s) => (
            <tr key={s.id} className="border-b border-hairline last:border-0">
              <td className="px-3 py-2">{s.email}</td>
              <td className="px-3 py-2">{s.name || '—'}</td>
              <td className="px-3 py-2">{ROLE_LABELS[s.role]}</td>
              <td className="px-3 py-2">
                {s.totpEnabled
                  ? `On · ${s.recoveryCodesLeft} recovery code${s.recoveryCodesLeft === 1 ? '' : 's'} left`
                  : 'Off'}
              </td>
              <td className="px-3 py-1 text-right">
                {s.totpEnabled && s.id !== me.id && (
                  <button
                    type="button"
                    className="whitespace-nowrap px-2 py-1 text-primary underline"
                    onClick={() => setResetting(s)}
                  >
                    Reset two-factor<span className="sr-only"> of {s.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
        <Confirm
          open={resetting !== null}
          title={`Reset two-factor for ${resetting?.email ?? ''}?`}
          body="Use this when they have lost their phone and their recovery codes. Their two-factor is turned off, every session of theirs ends, and they are e-mailed to sign in with their password and set it up again."
          action="Reset two-factor"
          onClose={() => setResetting(null)}
          onConfirm={() => {
            const member = resetting!;
            void run(async () => {
              await adminApi('POST /staff/:id/reset-totp', { params: { id: member.id } });
              toast.success(`Two-factor reset for ${member.email}; they were e-mailed to set it up again.`);
              await revalidate();
            });
          }}
        />
        <form
          method="post"
          noValidate
          aria-label="Add a staff member"
          className="space-y-3 border border-hairline bg-white p-4"
          onSubmit={(e) => {
            e.preventDefault();
            form.touchAll();
            if (!form.isValid) return;
            void run(async () => {
              const r = await adminApi('POST /staff', {
                body: { email: form.values.email, name: form.values.name || undefined, role: form.values.role as Role },
              });
              if (r.setPasswordUrl) setLink({ email: r.staff.email, url: r.setPasswordUrl });
              form.reset();
              await revalidate();
            }, form.showServerErrors);
          }}
        >
          <h2 className="text-sm font-semibold">Add a staff member</h2>
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" required />
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <SelectField
            form={form}
            name="role"
            label="Role"
            options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Adding…' : 'Add'}
          </button>
          {link && (
            <div className="border border-primary bg-secondary p-3 text-xs" role="status">
              Send {link.email} this link to set their password (one use, 48 hours; it is not shown again):
              <p className="mt-1 break-all font-mono">{link.url}</p>
            </div>
          )}
        </form>
      </div>
    </>
  );
}
