import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  categoryUpdateBody,
  newCategoryBody,
  type AdminCategory,
  type AdminCategoryList,
  type CategoryUpdate,
  type NewCategory,
} from '@facet/contracts/admin-categories';
import { MENU_SECTIONS } from '@facet/contracts/menu';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { checkedByContract } from '../shared/contract-form.ts';
import { Field } from '../shared/field.tsx';
import { useAdminAction } from '../shared/use-admin-action.ts';

// One category's form: a new one (with an optional link in a menu group) or an existing one
// (rename, move under another, hide, search fields). The server checks every field again.

// What the inputs hold; the rules (lengths, one line) are the contract's, judged on the body sent.
const fields = z.object({
  name: z.string(),
  description: z.string(),
  place: z.string().min(1),
  menuGroup: z.string(),
  hidden: z.boolean(),
  seoTitle: z.string(),
  seoDescription: z.string(),
});
type Values = z.infer<typeof fields>;
/** The body's place fields are the form's one "Place". */
const fieldOf = (path: PropertyKey[]) => (path[0] === 'parentId' || path[0] === 'section' ? ['place'] : path);

/** "section:Jewelry" (top of a section) or "parent:123". */
const placeOf = (c: Pick<AdminCategory, 'parentId' | 'section'>) =>
  c.parentId === null ? `section:${c.section}` : `parent:${c.parentId}`;
const fromPlace = (place: string) =>
  place.startsWith('parent:')
    ? { parentId: Number(place.slice(7)), section: undefined }
    : { parentId: null, section: place.slice(8) as (typeof MENU_SECTIONS)[number] };

export function CategoryEditor({
  list,
  category,
  onSaved,
  onCancel,
}: {
  list: AdminCategoryList;
  /** Absent: a new category. */
  category?: AdminCategory;
  onSaved: (c: AdminCategory) => void;
  onCancel: () => void;
}) {
  const { busy, run } = useAdminAction();
  const updateOf = (v: Values, c: AdminCategory): CategoryUpdate => {
    const place = fromPlace(v.place);
    return {
      version: c.version,
      name: v.name,
      description: v.description,
      parentId: place.parentId,
      ...(place.section ? { section: place.section } : {}),
      hidden: v.hidden,
      seoTitle: v.seoTitle || null,
      seoDescription: v.seoDescription || null,
    };
  };
  const newOf = (v: Values): NewCategory => {
    const place = fromPlace(v.place);
    const section =
      place.section ??
      (list.categories.find((c) => c.id === place.parentId)?.section as (typeof MENU_SECTIONS)[number]);
    return {
      name: v.name,
      description: v.description,
      parentId: place.parentId,
      section,
      seoTitle: v.seoTitle || null,
      seoDescription: v.seoDescription || null,
      menuGroup: v.menuGroup ? JSON.parse(v.menuGroup) : null,
    };
  };
  const schema = category
    ? checkedByContract(fields, categoryUpdateBody, (v) => updateOf(v, category), fieldOf)
    : checkedByContract(fields, newCategoryBody, newOf, fieldOf);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      place: category ? placeOf(category) : `section:${MENU_SECTIONS[0]}`,
      menuGroup: '',
      hidden: category?.hidden ?? false,
      seoTitle: category?.seoTitle ?? '',
      seoDescription: category?.seoDescription ?? '',
    },
  });
  const e = formState.errors;
  const save = handleSubmit((v) =>
    run(
      async () => {
        const saved = category
          ? await adminApi('PATCH /categories/:id', { params: { id: category.id }, body: updateOf(v, category) })
          : await adminApi('POST /categories', { body: newOf(v) });
        toast.success(category ? 'Saved. The store follows within a second.' : `${saved.name} is in the store.`);
        onSaved(saved);
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const [name] = fieldOf([field]);
          if (typeof name === 'string' && name in fields.shape) setError(name as keyof Values, { message });
        }
      },
    ),
  );
  // A category cannot go under itself or its own children: those places are not offered.
  const below = new Set<number>(category ? [category.id] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of list.categories)
      if (c.parentId !== null && below.has(c.parentId) && !below.has(c.id)) {
        below.add(c.id);
        grew = true;
      }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(ev) => void save(ev)}
      className="space-y-4 border border-hairline bg-white p-4"
      aria-label={category ? `Edit ${category.name}` : 'New category'}
    >
      <h2 className="text-sm font-semibold">{category ? `Edit ${category.name}` : 'New category'}</h2>
      <Field label="Name" error={e.name}>
        {(a) => <input {...a} {...register('name')} className="field py-2" autoFocus />}
      </Field>
      <Field label="Place" error={e.place} hint="At the top of a menu section, or under another category.">
        {(a) => (
          <select {...a} {...register('place')} className="field py-2">
            {MENU_SECTIONS.map((s) => (
              <optgroup key={s} label={s}>
                <option value={`section:${s}`}>Top of {s}</option>
                {list.categories
                  .filter((c) => c.section === s && !below.has(c.id))
                  .map((c) => (
                    <option key={c.id} value={`parent:${c.id}`}>
                      Under {c.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {!category && (
        <Field label="Link in the menu" error={e.menuGroup} hint="At the end of a group of the mega menu.">
          {(a) => (
            <select {...a} {...register('menuGroup')} className="field py-2">
              <option value="">Not in the menu</option>
              {list.menuGroups.map((g) => (
                <option key={`${g.section}/${g.group}`} value={JSON.stringify(g)}>
                  {g.section} › {g.group}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label="Description" error={e.description} hint="Shown at the top of its page.">
        {(a) => <textarea {...a} {...register('description')} rows={3} className="field py-2" />}
      </Field>
      <Field label="Search title" error={e.seoTitle} hint="Empty: its name.">
        {(a) => <input {...a} {...register('seoTitle')} className="field py-2" />}
      </Field>
      <Field label="Search description" error={e.seoDescription} hint="Empty: made from its description.">
        {(a) => <textarea {...a} {...register('seoDescription')} rows={2} className="field py-2" />}
      </Field>
      {category && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" {...register('hidden')} className="mt-0.5 h-4 w-4" />
          <span>
            <span className="font-medium">Hidden</span> — off the menu and the sitemap, and its page is not found. Its
            pieces keep their own pages.
          </span>
        </label>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : category ? 'Save changes' : 'Create category'}
        </button>
        <button type="button" className="btn-secondary py-2" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
