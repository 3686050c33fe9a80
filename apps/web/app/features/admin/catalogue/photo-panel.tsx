import { useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '@facet/contracts/admin-catalogue';
import { ApiError } from '~/lib/api.ts';
import { toast } from '~/lib/toast.ts';
import { Confirm } from '../shared/confirm.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

interface Photo {
  key: string;
  small: string;
  alt: string;
  width: number;
  height: number;
  /** A design's photograph: the metal it shows (null: any). */
  metal?: string | null;
}

const MB = PHOTO_MAX_BYTES / 1024 / 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Photographs of a design or a stone: upload one or several (chosen or dropped; the server
 * re-encodes each and strips its metadata), remove after a confirmation. A design's also take an
 * order by hand (drag, or the move buttons) and the metal each shows.
 */
export function PhotoPanel({
  photos,
  max,
  what,
  empty,
  placeholder,
  upload: send,
  remove: drop,
  reorder,
  metals,
  describe,
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
  reorder?: (keys: string[]) => Promise<unknown>;
  /** The metals a photograph may be of (a design's), with their names. */
  metals?: Array<{ quality: string; name: string }>;
  describe?: (key: string, change: { alt: string; metal: string | null }) => Promise<unknown>;
  onChanged: () => void;
}) {
  const { busy, run } = useAdminAction();
  const file = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [alt, setAlt] = useState('');
  const [metal, setMetal] = useState('');
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  // Shown at once when staff move a photograph; the server's answer replaces it.
  const [order, setOrder] = useState(photos.map((p) => p.key));
  const [dragging, setDragging] = useState<string | null>(null);
  const keys = photos.map((p) => p.key).join();
  const [orderOf, setOrderOf] = useState(keys);
  if (orderOf !== keys) {
    setOrderOf(keys);
    setOrder(keys ? keys.split(',') : []);
  }
  const byKey = new Map(photos.map((p) => [p.key, p]));
  const shown = order.map((k) => byKey.get(k)).filter((p): p is Photo => !!p);
  const room = max - photos.length;
  const full = room <= 0;
  const nameOf = (q: string | null | undefined) => metals?.find((m) => m.quality === q)?.name;

  const choose = (files: File[]) => {
    setRefused([]);
    const wrong = files.filter((f) => !TYPES.includes(f.type));
    const big = files.filter((f) => TYPES.includes(f.type) && f.size > PHOTO_MAX_BYTES);
    const ok = files.filter((f) => TYPES.includes(f.type) && f.size <= PHOTO_MAX_BYTES);
    setRefused([
      ...wrong.map((f) => `${f.name}: not a JPEG, PNG or WebP file.`),
      ...big.map((f) => `${f.name}: larger than ${MB} MB. Please export it smaller.`),
      ...ok.slice(room).map((f) => `${f.name}: this ${what} has room for ${plural(room, 'more photograph')}.`),
    ]);
    setChosen(ok.slice(0, Math.max(room, 0)));
  };

  const upload = async () => {
    if (!chosen.length) {
      toast.error(refused.length ? 'None of the chosen files can be uploaded.' : 'Choose a photograph first.');
      file.current?.focus();
      return;
    }
    await run(async () => {
      const failed: string[] = [];
      let added = 0;
      for (const [i, f] of chosen.entries()) {
        setProgress(`Uploading ${i + 1} of ${chosen.length}…`);
        const body = new FormData();
        body.set('alt', alt);
        if (metal) body.set('metal', metal);
        body.set('photo', f);
        try {
          await send(body);
          added += 1;
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) throw err;
          failed.push(`${f.name}: ${err instanceof Error ? err.message : 'not uploaded'}`);
        }
      }
      setProgress(null);
      setRefused(failed);
      setChosen([]);
      setAlt('');
      if (file.current) file.current.value = '';
      if (added) onChanged();
      if (failed.length)
        toast.error(
          `${plural(added, 'photograph')} added; ${plural(failed.length, 'file')} refused (listed under Upload).`,
        );
      else toast.success(added === 1 ? 'Photograph added.' : `${added} photographs added.`);
    });
    setProgress(null);
  };

  const move = (key: string, to: number) => {
    const from = order.indexOf(key);
    if (!reorder || to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, key);
    setOrder(next);
    // The moved photograph keeps the focus, so the keys can move it again.
    requestAnimationFrame(() => {
      const same = document.getElementById(`photo-${key}-${from < to ? 'later' : 'earlier'}`);
      const other = document.getElementById(`photo-${key}-${from < to ? 'earlier' : 'later'}`);
      (same && !(same as HTMLButtonElement).disabled ? same : other)?.focus();
    });
    void run(async () => {
      try {
        await reorder(next);
      } catch (err) {
        setOrder(keys.split(','));
        throw err;
      }
      toast.success(to === 0 ? 'Cover photograph changed.' : `Photograph moved to place ${to + 1} of ${next.length}.`);
      onChanged();
    });
  };

  const setMetalOf = (p: Photo, value: string) =>
    void run(async () => {
      await describe!(p.key, { alt: p.alt, metal: value || null });
      toast.success(
        value ? `Photograph now shown first for ${nameOf(value)}.` : 'Photograph now shown for every metal.',
      );
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
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <>
          {reorder && shown.length > 1 && (
            <p className="mt-1 text-xs text-muted">
              The first is the cover. Drag a photograph, or use its arrows, to order them.
            </p>
          )}
          <ul className="mt-3 grid grid-cols-2 gap-3" aria-label="Photographs in order">
            {shown.map((p, i) => (
              <li
                key={p.key}
                className={`border ${dragging === p.key ? 'border-ink opacity-50' : 'border-hairline'}`}
                draggable={!!reorder}
                onDragStart={(e) => {
                  setDragging(p.key);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (dragging) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragging && dragging !== p.key) move(dragging, i);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
              >
                <img
                  src={p.small}
                  alt={p.alt}
                  width={200}
                  height={200}
                  draggable={false}
                  className="aspect-square w-full bg-panel object-cover"
                />
                <div className="space-y-1 p-2 text-xs">
                  <p className="line-clamp-2 text-muted">{p.alt}</p>
                  <p className="text-muted">
                    {i + 1}. {p.width} × {p.height} px{i === 0 ? ' · cover' : ''}
                  </p>
                  {metals && describe && (
                    <div>
                      <label htmlFor={`photo-${p.key}-metal`} className="sr-only">
                        Metal shown ({p.alt}, photograph {i + 1})
                      </label>
                      <select
                        id={`photo-${p.key}-metal`}
                        className="field py-1 text-xs"
                        value={p.metal ?? ''}
                        disabled={busy}
                        onChange={(e) => setMetalOf(p, e.target.value)}
                      >
                        <option value="">Any metal</option>
                        {metals.map((m) => (
                          <option key={m.quality} value={m.quality}>
                            {m.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    {reorder && shown.length > 1 && (
                      <span className="flex gap-1">
                        <button
                          type="button"
                          id={`photo-${p.key}-earlier`}
                          className="btn-secondary min-h-6 min-w-6 px-2 py-0.5"
                          disabled={i === 0}
                          aria-label={`Move photograph ${i + 1} (${p.alt}) earlier`}
                          onClick={() => move(p.key, i - 1)}
                        >
                          ←
                        </button>
                        <button
                          type="button"
                          id={`photo-${p.key}-later`}
                          className="btn-secondary min-h-6 min-w-6 px-2 py-0.5"
                          disabled={i === shown.length - 1}
                          aria-label={`Move photograph ${i + 1} (${p.alt}) later`}
                          onClick={() => move(p.key, i + 1)}
                        >
                          →
                        </button>
                      </span>
                    )}
                    {i > 0 && reorder && (
                      <button
                        type="button"
                        className="inline-flex min-h-6 items-center text-primary underline"
                        disabled={busy}
                        onClick={() => move(p.key, 0)}
                      >
                        Make cover<span className="sr-only"> ({p.alt})</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="inline-flex min-h-6 items-center text-danger underline"
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
        </>
      )}
      <form
        method="post"
        className="mt-4 space-y-3 border-t border-hairline pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <div
          className={`border border-dashed p-3 ${over ? 'border-ink bg-panel' : 'border-hairline'}`}
          onDragOver={(e) => {
            if (full || dragging || !e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            if (full || dragging) return;
            e.preventDefault();
            setOver(false);
            choose([...e.dataTransfer.files]);
          }}
        >
          <label htmlFor="photo-file" className="mb-1 block text-sm font-medium">
            Add a photograph
          </label>
          <input
            ref={file}
            id="photo-file"
            type="file"
            multiple
            accept={TYPES.join(',')}
            disabled={full}
            aria-describedby="photo-rules"
            onChange={(e) => choose([...(e.target.files ?? [])])}
            className="block w-full text-sm file:mr-3 file:border file:border-ink file:bg-white file:px-3 file:py-1.5"
          />
          <p id="photo-rules" className="mt-1 text-xs text-muted">
            {full
              ? `This ${what} has the most photographs it can hold; remove one to add another.`
              : `Choose or drop up to ${plural(room, 'file')}: JPEG, PNG or WebP, up to ${MB} MB each, at least ${PHOTO_MIN_SIDE} pixels on the shorter side. Camera and location data are removed.`}
          </p>
          {chosen.length > 1 && (
            <p className="mt-1 text-xs" role="status">
              {chosen.length} photographs chosen: {chosen.map((f) => f.name).join(', ')}
            </p>
          )}
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
        {metals && (
          <div>
            <label htmlFor="photo-metal" className="mb-1 block text-sm font-medium">
              Metal shown
            </label>
            <select
              id="photo-metal"
              className="field py-2"
              aria-describedby="photo-metal-hint"
              value={metal}
              onChange={(e) => setMetal(e.target.value)}
            >
              <option value="">Any metal</option>
              {metals.map((m) => (
                <option key={m.quality} value={m.quality}>
                  {m.name}
                </option>
              ))}
            </select>
            <p id="photo-metal-hint" className="mt-1 text-xs text-muted">
              A photograph of one metal is shown first when a shopper picks that metal.
            </p>
          </div>
        )}
        <button type="submit" className="btn-secondary py-2" disabled={busy || full}>
          {progress ?? (busy ? 'Working…' : chosen.length > 1 ? `Upload ${chosen.length} photographs` : 'Upload')}
        </button>
        {refused.length > 0 && (
          <div role="alert" className="text-sm text-danger">
            <p>Not uploaded:</p>
            <ul className="list-disc pl-5">
              {refused.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        )}
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
