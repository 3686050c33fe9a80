import { useMemo, useState } from 'react';
import { z } from 'zod';

// Zod compiles object checks with `new Function` when it may; the page's CSP forbids eval, and the
// probe alone is a reported violation. Forms parse without it.
z.config({ jitless: true });

type Schemas<K extends string> = Record<K, z.ZodType>;

/**
 * forms: each field validates with its contract schema once touched; `isValid` keeps
 * submit disabled while any field has an error; `reset` clears the form.
 */
export function useForm<K extends string>(
  schemas: Schemas<K>,
  initial: Record<K, string>,
  /** A form the server already refused (sent without scripts): its fields as sent, its errors shown. */
  refused?: { values: Record<K, string>; errors: Partial<Record<K, string>> },
) {
  const [values, setValues] = useState(refused?.values ?? initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>(
    refused ? (Object.fromEntries(Object.keys(schemas).map((k) => [k, true])) as Record<K, boolean>) : {},
  );
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>(refused?.errors ?? {});

  const errors = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const k of Object.keys(schemas) as K[]) {
      const r = schemas[k].safeParse(values[k]);
      if (!r.success) out[k] = r.error.issues[0]?.message ?? 'Invalid value';
    }
    return out;
  }, [schemas, values]);

  const errorOf = (k: K) => (touched[k] ? errors[k] : undefined) ?? serverErrors[k];

  return {
    values,
    isValid: Object.keys(errors).length === 0,
    errorOf,
    set: (k: K, v: string) => {
      setValues((s) => ({ ...s, [k]: v }));
      setServerErrors((s) => ({ ...s, [k]: undefined }));
    },
    touch: (k: K) => setTouched((s) => ({ ...s, [k]: true })),
    touchAll: () => setTouched(Object.fromEntries(Object.keys(schemas).map((k) => [k, true])) as Record<K, boolean>),
    /** The server's `errors` (field → message), shown beside the matching fields. */
    showServerErrors: (errs?: Record<string, string>) => errs && setServerErrors(errs as Partial<Record<K, string>>),
    reset: () => {
      setValues(initial);
      setTouched({});
      setServerErrors({});
    },
  };
}
export type Form<K extends string> = ReturnType<typeof useForm<K>>;
