import { z } from 'zod';

// Every API answer is `{ data }` on success and `{ message, errors? }` on failure.
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
