import { PHOTOS_PER_STONE } from '@facet/contracts/admin-catalogue';
import { photoOf } from '@facet/contracts/photo-sizes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { putPhotoFiles, removePhotoFiles, type MediaStore } from '../media-store/index.ts';
import type { ProcessedPhoto } from '../media-store/index.ts';
import { inventoryRepository, stonePhotoRepository as repo, type StoneKind } from './repository.ts';

// Photographs of a loose stone, uploaded by staff: re-encoded like a design's, shown on the stone's
// page before its drawing.

export const stonePhotos = async (db: DbOrTx, kind: StoneKind, id: number) =>
  (await repo.list(db, kind, id)).map((p) => ({ key: p.key, ...photoOf(p) }));

export async function addStonePhoto(
  db: Db,
  media: MediaStore,
  actor: Actor,
  kind: StoneKind,
  id: number,
  photo: ProcessedPhoto,
  alt: string,
) {
  return db.transaction(async (tx) => {
    if (!(await repo.exists(tx, kind, id))) throw new NotFound('There is no such stone.');
    const have = await repo.list(tx, kind, id);
    if (have.length >= PHOTOS_PER_STONE)
      throw new Validation(`A stone has at most ${PHOTOS_PER_STONE} photographs. Remove one first.`, {
        photo: 'Too many photographs',
      });
    const serial = (await inventoryRepository.one(tx, kind, id))!.serial;
    const text = alt.trim() || `Stone ${serial}`;
    await putPhotoFiles(media, photo, tx);
    await repo.add(tx, { ...photo, kind, stoneId: id, position: have.length, alt: text });
    await audit(tx, actor, 'stone.photo.add', kind, serial, null, { photo: photo.key, alt: text });
    return stonePhotos(tx, kind, id);
  });
}

export async function removeStonePhoto(
  db: Db,
  media: MediaStore,
  actor: Actor,
  kind: StoneKind,
  id: number,
  key: string,
) {
  const answer = await db.transaction(async (tx) => {
    const gone = await repo.remove(tx, kind, id, key);
    if (!gone) throw new NotFound('That photograph is no longer on this stone.');
    await audit(
      tx,
      actor,
      'stone.photo.remove',
      kind,
      (await inventoryRepository.one(tx, kind, id))!.serial,
      { photo: key, alt: gone.alt },
      null,
    );
    return stonePhotos(tx, kind, id);
  });
  await removePhotoFiles(media, [key]);
  return answer;
}
