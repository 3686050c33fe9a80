import { useState } from 'react';
import { z } from 'zod';
import { backupSettings, type BackupSettings, type BackupStatus } from '@facet/contracts/admin-backups';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';

const schemas = {
  directory: backupSettings.shape.directory,
  // Typed as text; how many may be kept is the contract's.
  keep: z
    .string()
    .regex(/^\d{1,3}$/, 'A whole number, like 14')
    .transform(Number)
    .pipe(backupSettings.shape.keep),
};

/** The daily backup's settings: on or off, the folder, how many to keep. */
export function BackupSettingsForm({
  settings,
  onSaved,
}: {
  settings: BackupSettings;
  onSaved: (s: BackupStatus) => void;
}) {
  const form = useForm(schemas, { directory: settings.directory, keep: String(settings.keep) });
  const [enabled, setEnabled] = useState(settings.enabled);
  const { busy, run } = useAdminAction();
  return (
    <form
      method="post"
      noValidate
      aria-label="Daily backup settings"
      className="grid max-w-2xl gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        form.touchAll();
        if (!form.isValid) return;
        void run(async () => {
          const body: BackupSettings = {
            enabled,
            directory: form.values.directory.trim(),
            keep: Number(form.values.keep),
          };
          onSaved(await adminApi('PUT /backups/settings', { body }));
          toast('Backup settings saved.');
        }, form.showServerErrors);
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Make a backup every day
      </label>
      <TextField
        form={form}
        name="directory"
        label="Folder"
        required
        hint="On the machine that runs the store. Another disk, or a folder your own backup software copies elsewhere, is safest."
      />
      <TextField
        form={form}
        name="keep"
        label="Backups to keep"
        required
        inputMode="numeric"
        className="w-40"
        hint="The oldest beyond this number are deleted."
      />
      <div>
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
