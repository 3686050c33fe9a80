import { randomBytes } from 'node:crypto';
import { QUOTE_FILE_MAX_BYTES, QUOTE_MAX_FILES } from '@facet/contracts/quotes';
import type { Db } from '../../db/client.ts';
import { AppError, Conflict, NotFound, Validation } from '../../errors.ts';
import { sniffImage } from '../../image-bytes.ts';
import { audit, type Actor } from '../audit/index.ts';
import { PRIVATE_PREFIX, processPhoto, type MediaStore } from '../media-store/index.ts';
import { quoteRepository as repo } from './repository.ts';

// Sketches and CAD renderings shown with a quote: an image (re-encoded as WebP, its metadata gone)
// or a PDF (checked to be one), kept privately in the media store; staff and the quote's customer only.

const fileKey = (quoteId: number, ext: 'webp' | 'pdf') =>
  `${PRIVATE_PREFIX}quotes/${quoteId}/${randomBytes(12).toString('base64url')}.${ext}`;

export async function addQuoteFile(
  db: Db,
  media: MediaStore,
  actor: Actor,
  number: string,
  filename: string,
  body: unknown,
) {
  if (!Buffer.isBuffer(body) || !body.length)
    throw new AppError(415, 'Send the file itself: a JPEG, PNG or WebP image, or a PDF.');
  if (body.length > QUOTE_FILE_MAX_BYTES) throw new AppError(413, 'A file is at most 10 MB.');
  const pdf = body.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!pdf && !sniffImage(body))
    throw new Validation('Send a sketch or rendering as a JPEG, PNG or WebP image, or a PDF.', {
      file: 'Not an image or a PDF',
    });
  const q = await repo.byNumber(db, number);
  if (!q) throw new NotFound(`There is no quote ${number}.`);
  if ((await repo.files(db, q.id)).length >= QUOTE_MAX_FILES)
    throw new Conflict(`A quote keeps at most ${QUOTE_MAX_FILES} files: remove one first.`);
  const bytes = pdf ? body : (await processPhoto(body)).large;
  const key = fileKey(q.id, pdf ? 'pdf' : 'webp');
  const type = pdf ? 'application/pdf' : 'image/webp';
  const name = pdf ? filename : filename.replace(/\.(jpe?g|png|webp)$/i, '') + '.webp';
  await db.transaction(async (tx) => {
    await media.put(key, bytes, type, tx);
    await repo.insertFile(tx, { quoteId: q.id, key, name, contentType: type, bytes: bytes.length });
    await repo.event(tx, q.id, `File added: ${name}`, actor.email);
    await audit(tx, actor, 'quote.file.add', 'quote', q.number, null, { name, bytes: bytes.length });
  });
}

export async function removeQuoteFile(db: Db, media: MediaStore, actor: Actor, number: string, id: number) {
  const key = await db.transaction(async (tx) => {
    const q = await repo.byNumber(tx, number, true);
    const f = q && (await repo.file(tx, q.id, id));
    if (!q || !f) throw new NotFound('There is no such file on this quote.');
    await repo.removeFile(tx, f.id);
    await repo.event(tx, q.id, `File removed: ${f.name}`, actor.email);
    await audit(tx, actor, 'quote.file.remove', 'quote', q.number, { name: f.name }, null);
    return f.key;
  });
  await media.remove([key]);
}

/** A quote's file (its row and bytes), when it is one of `quoteId`'s; else 404. */
export async function quoteFileBytes(db: Db, media: MediaStore, quoteId: number, id: number, type?: string) {
  const f = await repo.file(db, quoteId, id);
  const file = f && (!type || f.contentType === type) ? await media.get(f.key) : null;
  if (!f || !file) throw new NotFound('There is no such file on this quote.');
  return { name: f.name, type: f.contentType, bytes: Buffer.from(file.bytes) };
}

/** A file's name as a header may carry it: printable ASCII without quotes or backslashes. */
export const headerSafe = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
