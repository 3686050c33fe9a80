import { z } from 'zod';

// Every API answer is `{ data }` on success and `{ message, errors? }` on failure.
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
