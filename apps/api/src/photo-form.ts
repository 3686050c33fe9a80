import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '@facet/contracts/admin-catalogue';
import { AppError, Validation } from './errors.ts';
import { unstorableText } from './plugins/input-guard.ts';

// The back office's photograph upload (a design's, a stone's): one `photo` file, an optional
// `alt` text and (a design's) the metal it shows, multipart, size-limited before a byte is
// buffered past the limit.

/** Registers multipart for a route plugin that takes photographs. */
export const acceptPhotoForms = (app: FastifyInstance) =>
  app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1_000 },
  });

const TOO_LARGE = `The photograph is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please export it smaller.`;

/** The upload form: one `photo` file, an optional `alt` text and, where `withMetal`, an optional `metal`. */
export async function readPhotoForm(
  req: FastifyRequest,
  { withMetal = false } = {},
): Promise<{ file: Buffer; alt: string; metal: string | null }> {
  if (!req.isMultipart()) throw new AppError(415, 'Please send the photograph as multipart/form-data.');
  let file: Buffer | undefined;
  let alt = '';
  let metal: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw new Validation(`Unknown field: ${part.fieldname}`);
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, TOO_LARGE);
        file = buf;
      } else if (part.fieldname === 'alt') {
        alt = String(part.value ?? '');
        if (alt.length > 200 || unstorableText(alt))
          throw new Validation('The description of the photograph is at most 200 plain characters.', {
            alt: 'Too long',
          });
      } else if (withMetal && part.fieldname === 'metal') {
        const value = String(part.value ?? '');
        if (value.length > 20 || unstorableText(value))
          throw new Validation('Choose one of the metals the design is made in.', { metal: 'Unknown metal' });
        metal = value || null;
      } else throw new Validation(`Unknown field: ${part.fieldname}`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new Validation('Please send one photograph at a time.');
    throw new Validation('The upload could not be read. Please try again.');
  }
  if (!file?.length) throw new Validation('Choose a photograph to upload.', { photo: 'Required' });
  return { file, alt, metal };
}
