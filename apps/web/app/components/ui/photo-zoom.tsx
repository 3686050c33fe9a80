import type { PhotoAnswer } from '@facet/contracts/catalog';
import { DialogShell } from '~/components/ui/dialog-shell.tsx';
import { Photo } from '~/components/ui/photo.tsx';

/** A photograph at its full size, in a dialog (Escape or the close button returns to the page). */
export default function PhotoZoom({
  photo,
  title,
  onClose,
}: {
  photo: PhotoAnswer;
  title: string;
  onClose: () => void;
}) {
  return (
    <DialogShell title={title} description={photo.alt} onClose={onClose} width="max-w-5xl">
      <div className="mt-4 max-h-[75vh] overflow-auto bg-panel">
        <Photo photo={photo} sizes={`${photo.width}px`} className="mx-auto h-auto" />
      </div>
    </DialogShell>
  );
}
