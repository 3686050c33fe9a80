/** "2026-11-27T00:00" as a datetime-local input shows a moment on this browser's clock, from ISO. */
export const localOfIso = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** A datetime-local value back to ISO (empty: none). */
export const isoOfLocal = (v: string) => (v ? new Date(v).toISOString() : null);
