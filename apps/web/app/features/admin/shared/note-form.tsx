import { customerNoteBody } from '@facet/contracts/admin';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

const schemas = { note: customerNoteBody.shape.note };

/** An internal note (on an order or a customer): only staff read it; cleared once saved. */
export function NoteForm({
  name,
  label,
  onSave,
  className = 'border border-hairline bg-white p-4',
}: {
  name: string;
  label: string;
  onSave: (note: string) => Promise<void>;
  className?: string;
}) {
  const form = useForm(schemas, { note: '' });
  const { busy, run } = useAdminAction();
  return (
    <form
      method="post"
      noValidate
      className={className}
      aria-label={name}
      onSubmit={(e) => {
        e.preventDefault();
        form.touchAll();
        if (!form.isValid) return;
        void run(async () => {
          await onSave(form.values.note);
          form.reset();
        }, form.showServerErrors);
      }}
    >
      <TextField form={form} name="note" label={label} multiline={3} hint="Only staff see notes." required />
      <button type="submit" className="btn-secondary mt-3" disabled={busy}>
        {busy ? 'Saving…' : 'Add note'}
      </button>
    </form>
  );
}
