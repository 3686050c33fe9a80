import { useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '@facet/contracts/admin-catalogue';
import { toast } from '~/lib/toast.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

interface Photo {
  key: string;
  small: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * Photographs of a design or a stone: upload (the server re-encodes and strips metadata), choose
 * the first, remove after a confirmation.
 */
export function PhotoPanel({
  photos,
  max,
  what,
  empty,
  placeholder,
  upload: send,
  remove: drop,
  makeFirst,
  onChanged,
}: {
  photos: Photo[];
  max: number;
  /** "product", "stone": how the limit's message names it. */
  what: string;
  empty: string;
  placeholder: string;
  upload: (body: FormData) => Promise<unknown>;
  remove: (key: string) => Promise<unknown>;
  /** Absent: the order is the upload order. */
  makeFirst?: (key: string) => Promise<unknown>;
  onChanged: () => void;
}) {
  const { busy, run } = useAdminAction();
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const full = photos.length >= max;

  const upload = () =>
    run(async () => {
      const f = file.current?.files?.[0];
      if (!f) {
        toast.error('Choose a photograph first.');
        return;
      }
      if (f.size > PHOTO_MAX_BYTES) {
        toast.error(`This file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please export it smaller.`);
        return;
      }
      const body = new FormData();
      body.set('alt', alt);
      body.set('photo', f);
      await send(body);
      toast.success('Photograph added.');
      setAlt('');
      if (file.current) file.current.value = '';
      onChanged();
    });
  const makeCover = (key: string) =>
    run(async () => {
      await makeFirst!(key);
      toast.success('Cover photograph changed.');
      onChanged();
    });

  return (
    <section className="border border-hairline bg-white p-4" aria-labelledby="photos">
      <h2 id="photos" className="text-sm font-semibold">
        Photographs{' '}
        <span className="font-normal text-muted">
          ({photos.length} of {max})
        </span>
      </h2>
      {photos.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((p, i) => (
            <li key={p.key} className="border border-hairline">
              <img
                src={p.small}
                alt={p.alt}
                width={200}
                height={200}
                className="aspect-square w-full bg-panel object-cover"
              />
              <div className="space-y-1 p-2 text-xs">
                <p className="line-clamp-2 text-muted">{p.alt}</p>
                <p className="text-muted">
                  {p.width} × {p.height} px{i === 0 ? ' · cover' : ''}
                </p>
                <div className="flex flex-wrap gap-x-3">
                  {i > 0 && makeFirst && (
                    <button
                      type="button"
                      className="text-primary underline"
                      disabled={busy}
                      onClick={() => void makeCover(p.key)}
                    >
                      Make cover<span className="sr-only"> ({p.alt})</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-danger underline"
                    disabled={busy}
                    onClick={() => setRemoving(p.key)}
                  >
                    Remove<span className="sr-only"> ({p.alt})</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        className="mt-4 space-y-3 border-t border-hairline pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <div>
          <label htmlFor="photo-file" className="mb-1 block text-sm font-medium">
            Add a photograph
          </label>
          <input
            ref={file}
            id="photo-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={full}
            aria-describedby="photo-rules"
            className="block w-full text-sm file:mr-3 file:border file:border-ink file:bg-white file:px-3 file:py-1.5"
          />
          <p id="photo-rules" className="mt-1 text-xs text-muted">
            {full
              ? `This ${what} has the most photographs it can hold; remove one to add another.`
              : `JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB, at least ${PHOTO_MIN_SIDE} pixels on the shorter side. Camera and location data are removed.`}
          </p>
        </div>
        <div>
          <label htmlFor="photo-alt" className="mb-1 block text-sm font-medium">
            What it shows <span className="font-normal text-muted">(optional, read aloud to blind shoppers)</span>
          </label>
          <input
            id="photo-alt"
            value={alt}
            maxLength={200}
            onChange={(e) => setAlt(e.target.value)}
            placeholder={placeholder}
            className="field py-2"
          />
        </div>
        <button type="submit" className="btn-secondary py-2" disabled={busy || full}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      <Confirm
        open={removing !== null}
        title="Remove this photograph?"
        body="Shoppers stop seeing it at once. To show it again you would upload the file again."
        action="Remove photograph"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const key = removing!;
          setRemoving(null);
          void run(async () => {
            await drop(key);
            toast.success('Photograph removed.');
            onChanged();
          });
        }}
      />
    </section>
  );
}
