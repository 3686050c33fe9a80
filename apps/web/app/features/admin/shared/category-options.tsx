/** A select's options: the store's categories grouped under their menu sections. */
export function CategoryOptions({
  categories,
}: {
  categories: ReadonlyArray<{ id: number; name: string; section: string }>;
}) {
  const sections = [...new Set(categories.map((c) => c.section))];
  return sections.map((s) => (
    <optgroup key={s} label={s}>
      {categories
        .filter((c) => c.section === s)
        .map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
    </optgroup>
  ));
}
