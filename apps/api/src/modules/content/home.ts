import type { AdminHomePage, HomeAnswer, HomePage } from '@facet/contracts/home';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { fillFacts, type StoreFacts } from '@facet/contracts/store-facts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { contentRepository as repo } from './repository.ts';
import { heroPhoto, imageExists } from './images.ts';

// The home page's first screen and tiles: the store's original words until staff save their own.

export const ORIGINAL_HOME: HomePage = {
  hero: {
    eyebrow: 'Made to order, by hand',
    heading: 'Rings made for the rest of your life',
    text: 'Choose a setting, a metal and a certified diamond. We cast, set and polish it by hand, and ship it insured to your door.',
    primary: { label: 'Shop engagement rings', href: paths.category(CATEGORY.engagement) },
    secondary: { label: 'Search diamonds', href: '/diamonds' },
  },
  tiles: null,
};

/** The words a shopper reads: placeholders filled. */
export async function homeForShoppers(db: DbOrTx, facts: StoreFacts): Promise<HomeAnswer> {
  const { hero, tiles } = (await repo.home(db))?.home ?? ORIGINAL_HOME;
  return {
    heroPhoto: await heroPhoto(db, hero.image),
    hero: {
      ...hero,
      eyebrow: fillFacts(hero.eyebrow, facts),
      heading: fillFacts(hero.heading, facts),
      text: fillFacts(hero.text, facts),
    },
    tiles,
  };
}

export async function homeForStaff(db: DbOrTx): Promise<AdminHomePage> {
  const row = await repo.home(db);
  return row
    ? { home: row.home, version: row.version, updatedAt: new Date(row.updatedAt).toISOString(), updatedBy: row.by }
    : { home: ORIGINAL_HOME, version: 0, updatedAt: null, updatedBy: null };
}

export async function saveHome(db: Db, facts: StoreFacts, actor: Actor, version: number, home: HomePage) {
  // A placeholder that is not a store fact is refused with its field, never printed to a shopper.
  const errors: Record<string, string> = {};
  for (const field of ['eyebrow', 'heading', 'text'] as const)
    try {
      fillFacts(home.hero[field], facts);
    } catch (err) {
      errors[`home.hero.${field}`] = `${(err as Error).message}: use one of the placeholders listed beside the form.`;
    }
  if (home.hero.image && !(await imageExists(db, home.hero.image.key)))
    errors['home.hero.image.key'] = 'That image is no longer there: choose another.';
  if (Object.keys(errors).length) throw new Validation(Object.values(errors)[0]!, errors);
  return db.transaction(async (tx) => {
    const before = (await repo.home(tx, true))?.home ?? ORIGINAL_HOME;
    if (!(await repo.saveHome(tx, version, home, actor.email)))
      throw new Conflict('The home page was changed by someone else since you opened it. Reload it and try again.');
    await audit(tx, actor, 'content.home', 'store_setting', 'home.page', before, home);
    return homeForStaff(tx);
  });
}
