import { z } from 'zod';
import { adminMailWords, mailPreview, mailPreviewBody, mailWordsBody, mailWordsParams } from '../mail-words.ts';
import { op } from './shared.ts';

/** The words of the e-mails customers read most. */
export const MAIL_WORDS_OPS = {
  'GET /mail-words': op({ access: 'content:write', answer: z.array(adminMailWords) }),
  'PUT /mail-words/:kind': op({
    access: 'content:write',
    params: mailWordsParams,
    body: mailWordsBody,
    answer: z.array(adminMailWords),
  }),
  /** Back to the store's own words for this e-mail. */
  'DELETE /mail-words/:kind': op({
    access: 'content:write',
    params: mailWordsParams,
    query: z.object({ version: z.coerce.number().int().min(0) }).strict(),
    answer: z.array(adminMailWords),
  }),
  'POST /mail-words/:kind/preview': op({
    access: 'content:write',
    params: mailWordsParams,
    body: mailPreviewBody,
    answer: mailPreview,
  }),
} as const;
