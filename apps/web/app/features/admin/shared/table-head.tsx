/** The head of a back-office table: small capitals on the panel colour; an empty label is read as "Actions". */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b border-hairline bg-panel text-left text-xs uppercase tracking-wider text-muted">
      <tr>
        {columns.map((h, i) => (
          <th key={`${h}-${i}`} scope="col" className="px-3 py-2 font-medium">
            {h || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
