import { useId } from 'react';
import type { Form } from './use-form.ts';

interface Props<K extends string> extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'> {
  form: Form<K>;
  name: K;
  label: string;
  hint?: string;
  /** Fixed text shown inside the field, before what the user types. */
  prefix?: string;
  multiline?: number;
}

/** A labelled input bound to a useForm field, with its error announced and linked for screen readers. */
export function TextField<K extends string>({
  form,
  name,
  label,
  hint,
  prefix,
  multiline,
  className,
  ...rest
}: Props<K>) {
  const id = useId();
  const error = form.errorOf(name);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: form.values[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: () => form.touch(name),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {rest.required ? null : <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={multiline}
          maxLength={rest.maxLength}
          onChange={(e) => form.set(name, e.target.value)}
          className={`field ${error ? 'border-danger' : ''}`}
        />
      ) : prefix ? (
        <div
          className={`flex items-stretch rounded-[var(--radius)] border ${error ? 'border-danger' : 'border-[#cfcfcf]'} focus-within:outline focus-within:outline-2 focus-within:outline-primary`}
        >
          <span
            aria-hidden="true"
            className="flex items-center border-r border-hairline bg-panel px-3 font-mono text-sm text-muted"
          >
            {prefix}
          </span>
          <input
            {...rest}
            {...common}
            onChange={(e) => form.set(name, e.target.value)}
            className="w-full min-w-0 bg-white px-3 py-2.5 font-mono text-lg tracking-[0.3em] focus:outline-none"
          />
        </div>
      ) : (
        <input
          {...rest}
          {...common}
          onChange={(e) => form.set(name, e.target.value)}
          className={`field ${error ? 'border-danger' : ''}`}
        />
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
