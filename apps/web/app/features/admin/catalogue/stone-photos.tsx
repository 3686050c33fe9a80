import { PHOTOS_PER_STONE } from '@facet/contracts/admin-catalogue';
import { adminApi } from '../shared/admin-api.ts';
import { PhotoPanel } from './photo-panel.tsx';

/** A loose stone's photographs, shown on its page before its drawing. */
export function StonePhotos({
  kind,
  id,
  serial,
  photos,
  onChanged,
}: {
  kind: 'diamond' | 'gemstone';
  id: number;
  serial: string;
  photos: Array<{ key: string; small: string; alt: string; width: number; height: number }>;
  onChanged: () => void;
}) {
  return (
    <PhotoPanel
      photos={photos}
      max={PHOTOS_PER_STONE}
      what="stone"
      empty="No photographs yet: its page shows a drawing of its shape."
      placeholder={`Stone ${serial}`}
      upload={(body) => adminApi('POST /stones/:kind/:id/photos', { params: { kind, id }, body, timeoutMs: 120_000 })}
      remove={(key) => adminApi('DELETE /stones/:kind/:id/photos/:key', { params: { kind, id, key } })}
      onChanged={onChanged}
    />
  );
}
