import { useId } from 'react';
import type { Form } from './use-form.ts';

interface Props<K extends string> {
  form: Form<K>;
  name: K;
  label: string;
  options: Array<{ value: string; label: string }>;
  autoComplete?: string;
  required?: boolean;
  className?: string;
  placeholder?: string;
}

/** A labelled native select bound to a useForm field (native: best on phones and for keyboards). */
export function SelectField<K extends string>({
  form,
  name,
  label,
  options,
  autoComplete,
  required,
  className,
  placeholder = 'Choose…',
}: Props<K>) {
  const id = useId();
  const error = form.errorOf(name);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={form.values[name]}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          form.set(name, e.target.value);
          form.touch(name);
        }}
        onBlur={() => form.touch(name)}
        className={`field ${error ? 'border-danger' : ''}`}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
