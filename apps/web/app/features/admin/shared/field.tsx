import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A labelled form field of the back office, with its hint and its error tied to the input for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: FieldError;
  hint?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** What a cell's control carries: its label for screen readers, and its error beside it. */
function useCell(label: string, error?: FieldError) {
  const id = useId();
  return {
    a11y: {
      'aria-label': label,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    },
    message: error?.message ? (
      <span id={`${id}-error`} className="mt-0.5 block text-xs text-danger">
        {error.message}
      </span>
    ) : null,
  };
}

/** An input for one cell of a list, labelled for screen readers by its row and column. */
export function CellInput({
  label,
  error,
  reg,
  className = '',
  ...rest
}: {
  label: string;
  error?: FieldError;
  reg: UseFormRegisterReturn;
  className?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const cell = useCell(label, error);
  return (
    <>
      <input {...reg} {...rest} {...cell.a11y} className={`field py-1.5 ${className}`} />
      {cell.message}
    </>
  );
}

/** A select in a table cell, named by `label`, its error beside it (a cell has no room for a visible label). */
export function CellSelect({
  label,
  error,
  reg,
  className = '',
  children,
}: {
  label: string;
  error?: FieldError;
  reg: UseFormRegisterReturn;
  className?: string;
  children: React.ReactNode;
}) {
  const cell = useCell(label, error);
  return (
    <>
      <select {...reg} {...cell.a11y} className={`field py-1.5 ${className}`}>
        {children}
      </select>
      {cell.message}
    </>
  );
}
