import { useEffect, useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '@facet/contracts/admin-catalogue';
import type { ContentImage } from '@facet/contracts/content';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

/**
 * The images uploaded for pages: upload one (said in words for blind shoppers), then use it — put
 * into the text at the cursor, or chosen for the home page's first screen — or remove one no page
 * shows (the server says where one is still shown).
 */
export function ImageLibrary({
  use,
  useLabel,
  chosen,
}: {
  /** What "use" does with an image (insert it, choose it). */
  use: (image: ContentImage) => void;
  useLabel: string;
  /** The image in use here, marked as such. */
  chosen?: string | null;
}) {
  const [images, setImages] = useState<ContentImage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ContentImage | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const { busy, run } = useAdminAction();

  useEffect(() => {
    let live = true;
    adminApi('GET /content/images').then(
      (list) => live && setImages(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const upload = () =>
    void run(async () => {
      const f = file.current?.files?.[0];
      if (!f) {
        toast.error('Choose an image first.');
        file.current?.focus();
        return;
      }
      if (!alt.trim()) {
        setAltError('Say what it shows: blind shoppers hear these words.');
        document.getElementById('image-alt')?.focus();
        return;
      }
      if (f.size > PHOTO_MAX_BYTES) {
        toast.error(`This file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please export it smaller.`);
        return;
      }
      const body = new FormData();
      body.set('alt', alt.trim());
      body.set('photo', f);
      const image = await adminApi('POST /content/images', { body, timeoutMs: 120_000 });
      setImages((list) => [image, ...(list ?? [])]);
      setAlt('');
      setAltError(null);
      if (file.current) file.current.value = '';
      toast.success(`Image uploaded: “${image.alt}”.`);
    });

  return (
    <section className="border border-hairline bg-white p-4" aria-labelledby="images">
      <h2 id="images" className="text-sm font-semibold">
        Images
      </h2>
      <form
        method="post"
        className="mt-2 space-y-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          upload();
        }}
      >
        <div>
          <label htmlFor="image-file" className="mb-1 block text-sm font-medium">
            Upload an image
          </label>
          <input
            ref={file}
            id="image-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="image-rules"
            className="block w-full text-sm file:mr-3 file:border file:border-ink file:bg-white file:px-3 file:py-1.5"
          />
          <p id="image-rules" className="mt-1 text-xs text-muted">
            JPEG, PNG or WebP, up to {PHOTO_MAX_BYTES / 1024 / 1024} MB, at least {PHOTO_MIN_SIDE} pixels on the shorter
            side. Camera and location data are removed.
          </p>
        </div>
        <div>
          <label htmlFor="image-alt" className="mb-1 block text-sm font-medium">
            What it shows
          </label>
          <input
            id="image-alt"
            value={alt}
            maxLength={200}
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? 'image-alt-error' : undefined}
            onChange={(ev) => setAlt(ev.target.value)}
            className="field py-2"
          />
          {altError && (
            <p id="image-alt-error" className="mt-1 text-sm text-danger">
              {altError}
            </p>
          )}
        </div>
        <button type="submit" className="btn-secondary py-1.5 text-sm" disabled={busy}>
          {busy ? 'Working…' : 'Upload'}
        </button>
      </form>
      {failed ? (
        <p className="mt-3 text-sm text-danger">The images could not be loaded. Reload the page to try again.</p>
      ) : images === null ? (
        <p className="mt-3 text-sm text-muted">Loading images…</p>
      ) : images.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No images yet.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2" aria-label="Uploaded images, newest first">
          {images.map((image) => (
            <li key={image.key} className={`border ${chosen === image.key ? 'border-ink' : 'border-hairline'}`}>
              <img
                src={image.small}
                alt={image.alt}
                width={160}
                height={120}
                loading="lazy"
                className="aspect-[4/3] w-full bg-panel object-cover"
              />
              <div className="space-y-1 p-1.5 text-xs">
                <p className="line-clamp-2 text-muted">{image.alt}</p>
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  {chosen === image.key ? (
                    <span className="inline-flex min-h-6 items-center font-medium">In use here</span>
                  ) : (
                    <button
                      type="button"
                      className="inline-flex min-h-6 items-center text-primary underline"
                      onClick={() => use(image)}
                    >
                      {useLabel}
                      <span className="sr-only"> ({image.alt})</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="inline-flex min-h-6 items-center text-danger underline"
                    disabled={busy}
                    onClick={() => setRemoving(image)}
                  >
                    Remove<span className="sr-only"> ({image.alt})</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Confirm
        open={removing !== null}
        title="Remove this image?"
        body="It is deleted for good. An image a page still shows is kept: you will be told where."
        action="Remove image"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const image = removing!;
          setRemoving(null);
          void run(async () => {
            await adminApi('DELETE /content/images/:key', { params: { key: image.key } });
            setImages((list) => (list ?? []).filter((i) => i.key !== image.key));
            toast.success(`Image removed: “${image.alt}”.`);
          });
        }}
      />
    </section>
  );
}
