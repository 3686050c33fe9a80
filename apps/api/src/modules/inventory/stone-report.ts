import { paths } from '@facet/contracts/paths';
import { REPORT_MAX_BYTES } from '@facet/contracts/admin-catalogue';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import type { MediaStore } from '../media-store/index.ts';
import {
  inventoryRepository,
  stonePhotoRepository,
  stoneReportRepository as repo,
  type StoneKind,
} from './repository.ts';

// A stone's grading report as a PDF staff uploaded (a stone of the store's own, or a better copy
// than the feed's link): checked to be a PDF, at most 10 MB, offered to shoppers as a download.

export const stoneReport = async (db: DbOrTx, kind: StoneKind, id: number) => {
  const r = await repo.info(db, kind, id);
  return r ? { filename: r.filename, size: r.size, url: paths.stoneReport(kind, id) } : null;
};

/** Where a stone's report file is kept in the media store (one per stone; a new upload replaces it). */
const reportFile = (kind: StoneKind, id: number) => `report/${kind}-${id}.pdf`;

export async function putStoneReport(
  db: Db,
  media: MediaStore,
  actor: Actor,
  kind: StoneKind,
  id: number,
  filename: string,
  body: unknown,
) {
  if (!Buffer.isBuffer(body) || !body.length)
    throw new AppError(415, 'Send the report as the PDF file itself (application/pdf).');
  if (body.length > REPORT_MAX_BYTES) throw new AppError(413, 'A report is at most 10 MB.');
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new Validation('The report must be a PDF file.', { report: 'Not a PDF' });
  return db.transaction(async (tx) => {
    if (!(await stonePhotoRepository.exists(tx, kind, id))) throw new NotFound('There is no such stone.');
    await media.put(reportFile(kind, id), body, 'application/pdf', tx);
    await repo.put(tx, kind, id, filename, body.length);
    await repo.touch(tx, kind, id);
    const serial = (await inventoryRepository.one(tx, kind, id))!.serial;
    await audit(tx, actor, 'stone.report.put', kind, serial, null, { filename, size: body.length });
    return stoneReport(tx, kind, id);
  });
}

export async function removeStoneReport(db: Db, media: MediaStore, actor: Actor, kind: StoneKind, id: number) {
  await db.transaction(async (tx) => {
    const gone = await repo.remove(tx, kind, id);
    if (!gone) throw new NotFound('This stone has no uploaded report.');
    await repo.touch(tx, kind, id);
    const serial = (await inventoryRepository.one(tx, kind, id))!.serial;
    await audit(tx, actor, 'stone.report.remove', kind, serial, { filename: gone.filename }, null);
  });
  await media.remove([reportFile(kind, id)]);
  return null;
}

export const stoneReportFile = async (db: Db, media: MediaStore, kind: StoneKind, id: number) => {
  const r = await repo.info(db, kind, id);
  const file = r && (await media.get(reportFile(kind, id)));
  if (!r || !file) throw new NotFound('There is no such report.');
  return { filename: r.filename, bytes: file.bytes };
};
