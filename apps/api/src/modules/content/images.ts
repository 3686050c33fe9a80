import { photoOf, photoUrl } from '@facet/contracts/photo-sizes';
import type { ContentImage } from '@facet/contracts/content';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { putPhotoFiles, removePhotoFiles, type MediaStore, type ProcessedPhoto } from '../media-store/index.ts';
import { contentRepository as repo, type ContentImageRow } from './repository.ts';

// Images for the words staff write: uploaded once (re-encoded, metadata stripped, kept in the
// media store), then placed in any page's Markdown or on the home page's first screen.

/** What a page's Markdown says to show an image (the large size; the page keeps its proportions). */
export const imageMarkdown = (key: string, alt: string) => `![${alt.replace(/[[\]]/g, '')}](${photoUrl(key, 'large')})`;

const forStaff = (r: ContentImageRow): ContentImage => {
  const photo = photoOf(r);
  return {
    key: r.key,
    alt: r.alt,
    width: r.width,
    height: r.height,
    small: photo.small,
    large: photo.large,
    markdown: imageMarkdown(r.key, r.alt),
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdBy,
  };
};

export const imagesForStaff = async (db: DbOrTx) => (await repo.images(db)).map(forStaff);

export async function addImage(db: Db, media: MediaStore, actor: Actor, photo: ProcessedPhoto, alt: string) {
  return db.transaction(async (tx) => {
    const text = alt.trim() || 'Photograph';
    await putPhotoFiles(media, photo, tx);
    const row = await repo.addImage(tx, {
      key: photo.key,
      alt: text,
      width: photo.width,
      height: photo.height,
      createdBy: actor.email,
    });
    await audit(tx, actor, 'content.image.add', 'content_image', photo.key, null, { alt: text });
    return forStaff(row);
  });
}

/** An image no page shows, gone with its files; one still shown is refused with where. */
export async function removeImage(db: Db, media: MediaStore, actor: Actor, key: string) {
  await db.transaction(async (tx) => {
    const image = await repo.image(tx, key, true);
    if (!image) throw new NotFound('That image is no longer there.');
    const where = [
      ...(await repo.pagesShowing(tx, key)).map((p) => `“${p.title}”`),
      ...((await repo.home(tx))?.home.hero.image?.key === key ? ['the home page'] : []),
    ];
    if (where.length) throw new Conflict(`This image is shown on ${where.join(', ')}. Take it out there first.`);
    await repo.removeImage(tx, key);
    await audit(tx, actor, 'content.image.remove', 'content_image', key, { alt: image.alt }, null);
  });
  await removePhotoFiles(media, [key]);
}

/** The first screen's photograph in every size, or null (none chosen, or no longer there). */
export async function heroPhoto(db: DbOrTx, image: { key: string; alt: string } | null | undefined) {
  if (!image) return null;
  const row = await repo.image(db, image.key);
  return row ? photoOf({ ...row, alt: image.alt }) : null;
}

export const imageExists = async (db: DbOrTx, key: string) => (await repo.image(db, key)) !== null;
