/** Side widths the back office uses (whole class names, so the stylesheet keeps them). */
const SIDE = {
  '22rem': 'lg:grid-cols-[minmax(0,1fr)_22rem]',
  '24rem': 'lg:grid-cols-[minmax(0,1fr)_24rem]',
  '26rem': 'lg:grid-cols-[minmax(0,1fr)_26rem]',
} as const;

/**
 * A list beside the form of the row being edited (below it on a phone): the form stays in view
 * while the list scrolls, and says what to do when nothing is chosen.
 */
export function ListAndEditor({
  list,
  editor,
  idle,
  side = '24rem',
}: {
  list: React.ReactNode;
  /** The open form, or null when nothing is chosen. */
  editor: React.ReactNode | null;
  idle: string;
  side?: keyof typeof SIDE;
}) {
  return (
    <div className={`grid grid-cols-[minmax(0,1fr)] items-start gap-4 ${SIDE[side]}`}>
      {list}
      <div className="lg:sticky lg:top-20">
        {editor ?? <p className="border border-hairline bg-white p-4 text-sm text-muted">{idle}</p>}
      </div>
    </div>
  );
}
