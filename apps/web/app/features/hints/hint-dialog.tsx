import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { HINT_NOTE_MAX, hintBody, type WishItem } from '@facet/contracts/wishlist';
import { useForm } from '~/components/form/use-form.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { TextField } from '~/components/form/text-field.tsx';
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
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-auto bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl">Drop a hint</Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex h-10 w-10 shrink-0 items-center justify-center">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted">
            We e-mail your friend a short note from you about the {title}, with a link to it. We do not keep their
            address.
          </Dialog.Description>
          {sent ? (
            <div role="status" className="mt-5">
              <p className="text-sm">{sent}</p>
              <button type="button" className="btn-primary mt-5 w-full" onClick={onClose}>
                Done
              </button>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Drop a hint">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
