import type { DiamondDetail } from '@facet/contracts/catalog';
import { DialogShell } from '~/components/ui/dialog-shell.tsx';
import { StoneVideo } from './stone-video.tsx';

/** A listed stone's 360° video over the list (Escape or the close button returns to it). */
export default function StoneVideoDialog({
  video,
  title,
  poster,
  onClose,
}: {
  video: NonNullable<DiamondDetail['video']>;
  title: string;
  poster?: string;
  onClose: () => void;
}) {
  return (
    <DialogShell title={title} description="360° video" onClose={onClose} width="max-w-3xl">
      <div className="mt-4 aspect-square max-h-[75vh] w-full bg-panel">
        <StoneVideo video={video} title={title} poster={poster} />
      </div>
    </DialogShell>
  );
}
