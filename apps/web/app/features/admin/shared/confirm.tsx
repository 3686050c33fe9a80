import { AlertDialog } from 'radix-ui';
import { useReturnFocus } from '~/components/ui/return-focus.ts';

/**
 * A confirmation for what cannot be undone (cancel, refund; a step that e-mails the customer): says
 * what happens, in the member's words. Destructive steps are red; a step forward that only tells the
 * customer is not.
 */
export function Confirm({
  open,
  title,
  body,
  action,
  onConfirm,
  onClose,
  tone = 'danger',
}: {
  tone?: 'danger' | 'forward';
  open: boolean;
  title: string;
  body: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const focus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="font-sans text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{body}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary whitespace-nowrap">Go back</AlertDialog.Cancel>
            <AlertDialog.Action
              className={tone === 'danger' ? 'btn-primary bg-danger hover:bg-danger' : 'btn-primary'}
              onClick={onConfirm}
            >
              {action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
