import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { homePage, TILE_PICTURE_NAMES, TILE_PICTURES, type AdminHomePage, type HomePage } from '@facet/contracts/home';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { checkedByContract } from '../shared/contract-form.ts';
import { CellInput, Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';
import { FactPlaceholders } from './fact-placeholders.tsx';
import { ImageLibrary } from './image-library.tsx';
import { photoUrl } from '@facet/contracts/photo-sizes';

// The home page's first screen and its tiles as staff word them. Links are pages of this store;
// text may carry store facts as placeholders. The server checks everything again.

// What the inputs hold; the rules are the contract's (homePage), judged on the page as it would be saved.
const fields = z.object({
  eyebrow: z.string(),
  heading: z.string(),
  text: z.string(),
  primaryLabel: z.string(),
  primaryHref: z.string(),
  secondaryLabel: z.string(),
  secondaryHref: z.string(),
  /** The first screen's photograph (an uploaded image's key; empty: the drawn ring) and its words. */
  imageKey: z.string(),
  imageAlt: z.string(),
  ownTiles: z.boolean(),
  tiles: z.array(z.object({ label: z.string(), href: z.string(), picture: z.enum(TILE_PICTURES) })),
});
type Values = z.infer<typeof fields>;

const homeOf = (v: Values): HomePage => ({
  hero: {
    eyebrow: v.eyebrow,
    heading: v.heading,
    text: v.text,
    primary: { label: v.primaryLabel, href: v.primaryHref },
    secondary: v.secondaryLabel ? { label: v.secondaryLabel, href: v.secondaryHref } : null,
    image: v.imageKey ? { key: v.imageKey, alt: v.imageAlt } : null,
  },
  tiles: v.ownTiles ? v.tiles : null,
});

/** A path in the page (hero.primary.href, tiles.2.label) → this form's field. */
const HERO_FIELDS: Record<string, keyof Values> = {
  'hero.eyebrow': 'eyebrow',
  'hero.heading': 'heading',
  'hero.text': 'text',
  'hero.primary.label': 'primaryLabel',
  'hero.primary.href': 'primaryHref',
  'hero.secondary.label': 'secondaryLabel',
  'hero.secondary.href': 'secondaryHref',
  'hero.image.key': 'imageKey',
  'hero.image.alt': 'imageAlt',
};
const fieldOf = (path: PropertyKey[]): PropertyKey[] | null => {
  const hero = HERO_FIELDS[path.join('.')];
  if (hero) return [hero];
  return path[0] === 'tiles' ? path : null;
};
const schema = checkedByContract(fields, homePage, homeOf, fieldOf);

const valuesOf = (h: HomePage): Values => ({
  eyebrow: h.hero.eyebrow,
  heading: h.hero.heading,
  text: h.hero.text,
  primaryLabel: h.hero.primary.label,
  primaryHref: h.hero.primary.href,
  secondaryLabel: h.hero.secondary?.label ?? '',
  secondaryHref: h.hero.secondary?.href ?? '',
  imageKey: h.hero.image?.key ?? '',
  imageAlt: h.hero.image?.alt ?? '',
  ownTiles: h.tiles !== null,
  tiles: h.tiles ?? [],
});

export function HomeEditor({ page, menuTiles }: { page: AdminHomePage; menuTiles: NonNullable<HomePage['tiles']> }) {
  const { revalidate } = useRevalidator();
  const { busy, run } = useAdminAction();
  const { register, control, handleSubmit, formState, setError, reset, setValue } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(page.home),
    mode: 'onTouched',
  });
  const tiles = useFieldArray({ control, name: 'tiles' });
  const ownTiles = useWatch({ control, name: 'ownTiles' });
  const imageKey = useWatch({ control, name: 'imageKey' });
  const e = formState.errors;
  const save = handleSubmit((v) =>
    run(
      async () => {
        const saved = await adminApi('PUT /content/home', { body: { version: page.version, home: homeOf(v) } });
        reset(valuesOf(saved.home));
        toast.success('Saved. The home page shows it within a second.');
        await revalidate();
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const [name] = (field.startsWith('home.') && fieldOf(field.slice(5).split('.'))) || [];
          if (name === 'tiles') setError('tiles', { message });
          else if (typeof name === 'string' && name in fields.shape) setError(name as keyof Values, { message });
        }
      },
    ),
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form method="post" noValidate onSubmit={(ev) => void save(ev)} className="space-y-4">
        <section className="space-y-4 border border-hairline bg-white p-4" aria-labelledby="hero">
          <h2 id="hero" className="text-sm font-semibold">
            First screen
          </h2>
          <Field label="Line above the heading" error={e.eyebrow} hint="Optional. Small capitals above the heading.">
            {(a) => <input {...a} {...register('eyebrow')} className="field py-2" />}
          </Field>
          <Field label="Heading" error={e.heading}>
            {(a) => <input {...a} {...register('heading')} className="field py-2" />}
          </Field>
          <Field label="Text" error={e.text} hint="Optional. One or two sentences.">
            {(a) => <textarea {...a} {...register('text')} rows={3} className="field py-2" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Main button" error={e.primaryLabel}>
              {(a) => <input {...a} {...register('primaryLabel')} className="field py-2" />}
            </Field>
            <Field label="Main button leads to" error={e.primaryHref}>
              {(a) => <input {...a} {...register('primaryHref')} className="field py-2" placeholder="/diamonds" />}
            </Field>
            <Field label="Second button" error={e.secondaryLabel} hint="Optional.">
              {(a) => <input {...a} {...register('secondaryLabel')} className="field py-2" />}
            </Field>
            <Field label="Second button leads to" error={e.secondaryHref}>
              {(a) => <input {...a} {...register('secondaryHref')} className="field py-2" placeholder="/diamonds" />}
            </Field>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Photograph</legend>
            {imageKey ? (
              <div className="flex flex-wrap items-start gap-3">
                <img
                  src={photoUrl(imageKey, 'small')}
                  alt=""
                  width={160}
                  height={120}
                  className="aspect-[4/3] w-40 bg-panel object-cover"
                />
                <div className="min-w-[14rem] flex-1 space-y-2">
                  <Field label="What the photograph shows" error={e.imageAlt} hint="Read aloud to blind shoppers.">
                    {(a) => <input {...a} {...register('imageAlt')} className="field py-2" />}
                  </Field>
                  <button
                    type="button"
                    className="text-sm text-danger underline"
                    onClick={() => setValue('imageKey', '', { shouldDirty: true })}
                  >
                    Show the drawn ring instead
                  </button>
                </div>
              </div>
            ) : (
              <p className="text-sm text-muted">
                The drawn ring. To show a photograph, upload one under Images and choose “Use on the first screen”.
              </p>
            )}
            {e.imageKey?.message && <p className="text-sm text-danger">{e.imageKey.message}</p>}
          </fieldset>
        </section>

        <section className="space-y-3 border border-hairline bg-white p-4" aria-labelledby="tiles">
          <h2 id="tiles" className="text-sm font-semibold">
            Category tiles
          </h2>
          <fieldset className="space-y-2 text-sm">
            <legend className="sr-only">Which tiles</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="tile-mode"
                checked={!ownTiles}
                onChange={() => setValue('ownTiles', false, { shouldDirty: true })}
                className="h-4 w-4"
              />
              One per menu section (follows the menu)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="tile-mode"
                checked={ownTiles}
                onChange={() => {
                  setValue('ownTiles', true, { shouldDirty: true });
                  // Start from what shoppers see now.
                  if (!tiles.fields.length) tiles.replace(menuTiles);
                }}
                className="h-4 w-4"
              />
              These tiles, in this order
            </label>
          </fieldset>
          {e.tiles?.message || e.tiles?.root?.message ? (
            <p role="alert" className="text-sm text-danger">
              {e.tiles.message ?? e.tiles.root?.message}
            </p>
          ) : null}
          {ownTiles && (
            <>
              <table className="w-full text-sm">
                <caption className="sr-only">Tiles, in the order shown</caption>
                <thead className="text-left text-xs uppercase tracking-wider text-muted">
                  <tr>
                    <th scope="col" className="pb-1 pr-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="pb-1 pr-2 font-medium">
                      Leads to
                    </th>
                    <th scope="col" className="pb-1 pr-2 font-medium">
                      Picture
                    </th>
                    <th scope="col">
                      <span className="sr-only">Order and remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tiles.fields.map((f, i) => (
                    <tr key={f.id} className="align-top">
                      <td className="py-1 pr-2">
                        <CellInput
                          label={`Name of tile ${i + 1}`}
                          reg={register(`tiles.${i}.label`)}
                          error={e.tiles?.[i]?.label}
                        />
                      </td>
                      <td className="py-1 pr-2">
                        <CellInput
                          label={`Page of tile ${i + 1}`}
                          reg={register(`tiles.${i}.href`)}
                          error={e.tiles?.[i]?.href}
                        />
                      </td>
                      <td className="py-1 pr-2">
                        <select
                          aria-label={`Picture of tile ${i + 1}`}
                          {...register(`tiles.${i}.picture`)}
                          className="field py-1.5"
                        >
                          {TILE_PICTURES.map((p) => (
                            <option key={p} value={p}>
                              {TILE_PICTURE_NAMES[p]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="whitespace-nowrap py-1 text-right">
                        <button
                          type="button"
                          className="px-2 py-1.5 disabled:opacity-30"
                          disabled={i === 0}
                          onClick={() => tiles.move(i, i - 1)}
                          aria-label={`Move tile ${i + 1} up`}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="px-2 py-1.5 disabled:opacity-30"
                          disabled={i === tiles.fields.length - 1}
                          onClick={() => tiles.move(i, i + 1)}
                          aria-label={`Move tile ${i + 1} down`}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="px-2 py-1.5 text-danger underline"
                          onClick={() => tiles.remove(i)}
                        >
                          Remove<span className="sr-only"> tile {i + 1}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button
                type="button"
                className="btn-secondary py-1.5 text-sm"
                disabled={tiles.fields.length >= 12}
                onClick={() => tiles.append({ label: '', href: '/', picture: 'diamonds' }, { shouldFocus: true })}
              >
                Add a tile
              </button>
            </>
          )}
        </section>

        <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border border-hairline bg-white p-3 shadow-sm">
          <button type="submit" className="btn-primary py-2" disabled={busy || !formState.isDirty}>
            {busy ? 'Saving…' : 'Save and publish'}
          </button>
          <button
            type="button"
            className="btn-secondary py-2"
            disabled={busy || !formState.isDirty}
            onClick={() => reset(valuesOf(page.home))}
          >
            Discard changes
          </button>
          <a href="/" target="_blank" rel="noreferrer" className="text-sm text-primary underline">
            View the home page
          </a>
        </div>
      </form>
      <div className="space-y-4">
        <FactPlaceholders />
        <ImageLibrary
          chosen={imageKey || null}
          useLabel="Use on the first screen"
          use={(image) => {
            setValue('imageKey', image.key, { shouldDirty: true });
            setValue('imageAlt', image.alt, { shouldDirty: true, shouldValidate: true });
            toast.success(`“${image.alt}” is on the first screen once you save.`);
          }}
        />
      </div>
    </div>
  );
}
