import { useState } from 'react';
import { HINT_NOTE_MAX, hintBody, type WishItem } from '@facet/contracts/wishlist';
import { useForm } from '~/components/form/use-form.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { DialogDone, DialogShell } from '~/components/ui/dialog-shell.tsx';
import { callApi } from '~/lib/client-api.ts';
import { useAccount } from '~/lib/account-store.ts';

const shape = hintBody.shape;
const schemas = { fromName: shape.fromName, toEmail: shape.toEmail, note: shape.note };

/** The hint's form: who it is from, who it goes to, a short note; the e-mail's words are the store's. */
export default function HintDialog({ item, title, onClose }: { item: WishItem; title: string; onClose: () => void }) {
  const { loggedUser } = useAccount();
  const form = useForm(schemas, { fromName: loggedUser?.firstName ?? '', toEmail: '', note: '' });
  const { busy, onSubmit } = useSubmit();
  const [sent, setSent] = useState<string | null>(null);
  const submit = onSubmit(form, async () => {
    setSent((await callApi<{ message: string }>('/hints', { method: 'POST', body: { item, ...form.values } })).message);
  });
  return (
    <DialogShell
      title="Drop a hint"
      onClose={onClose}
      description={`We e-mail your friend a short note from you about the ${title}, with a link to it. We do not keep their address.`}
    >
      {sent ? (
        <DialogDone message={sent} onClose={onClose} />
      ) : (
        <form method="post" noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Drop a hint">
          <TextField form={form} name="fromName" label="Your name" required autoComplete="given-name" />
          <TextField form={form} name="toEmail" label="Their email" type="email" required autoComplete="off" />
          <TextField
            form={form}
            name="note"
            label="A note"
            multiline={3}
            hint={`${form.values.note.length} of ${HINT_NOTE_MAX} characters, no links`}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending…' : 'Send the hint'}
          </button>
        </form>
      )}
    </DialogShell>
  );
}
