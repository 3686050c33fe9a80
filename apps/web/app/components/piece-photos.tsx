import { useId, useState } from 'react';

/** Optional photographs of a piece a customer sends (a mark, a damaged clasp), while their request waits. */
export function PiecePhotos({
  count,
  max,
  hint,
  upload,
}: {
  count: number;
  max: number;
  hint: string;
  upload: (file: File) => Promise<void>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-2">
      <p className="text-muted">
        {count ? `${count} ${count === 1 ? 'photograph' : 'photographs'} added. ` : ''}
        {count < max ? hint : ''}
      </p>
      {count < max && (
        <>
          <label htmlFor={`${id}-photo`} className="sr-only">
            Photograph of the piece
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 text-sm"
            disabled={busy}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              setError(null);
              try {
                await upload(file);
              } catch (err) {
                setError((err as Error).message);
              } finally {
                setBusy(false);
              }
            }}
          />
          {busy && <p role="status">Sending the photograph…</p>}
          {error && (
            <p role="alert" className="text-danger">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
