/** A field's error under it; the field points at it with aria-describedby={id} so it is read out. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="mt-1 block text-xs text-danger">
      {message}
    </span>
  ) : null;
}
