import { z } from 'zod';

/**
 * A back-office form's schema whose rules are its contract's. The form's own schema says only what
 * the inputs hold (text for a number, a choice, a tick); `bodyOf` turns its values into the request
 * body, and the contract — the same schema the server checks — judges that body, each of its
 * messages shown under the field it names. So a length, a range or a wording lives in one place.
 *
 * `fieldOf` maps a path in the body to the form's field when the two differ (given the values, for
 * a path that names a row by its key; null puts the message on the form as a whole); by default
 * they are the same.
 */
export function checkedByContract<Form extends z.ZodType, Body extends z.ZodType>(
  form: Form,
  /** The contract, or (for a form that sends one of two bodies) the one these values go to. */
  contract: Body | ((values: z.output<Form>) => z.ZodType),
  bodyOf: (values: z.output<Form>) => unknown,
  fieldOf: (path: PropertyKey[], values: z.output<Form>) => PropertyKey[] | null = (path) => path,
) {
  return form.superRefine((values, ctx) => {
    const judge = typeof contract === 'function' ? contract(values as z.output<Form>) : contract;
    const checked = judge.safeParse(bodyOf(values as z.output<Form>));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const path = fieldOf(issue.path, values as z.output<Form>) ?? [];
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  });
}
