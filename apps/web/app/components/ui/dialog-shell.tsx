import { Dialog } from 'radix-ui';
import { X } from '~/components/icons.tsx';
import { useReturnFocus } from './return-focus.ts';

/** A modal dialog as the store draws them: title and close button, a line saying what it is for, then the content. */
export function DialogShell({
  title,
  description,
  onClose,
  children,
  width = 'max-w-md',
}: {
  title: string;
  description: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
  width?: string;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          {...focus}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[92vw] ${width} -translate-x-1/2 -translate-y-1/2 overflow-auto bg-white p-6 shadow-xl`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl">{title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex h-10 w-10 shrink-0 items-center justify-center">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What a dialog's form turns into once sent: the answer and a way out. */
export function DialogDone({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div role="status" className="mt-5">
      <p className="text-sm">{message}</p>
      <button type="button" className="btn-primary mt-5 w-full" onClick={onClose}>
        Done
      </button>
    </div>
  );
}
