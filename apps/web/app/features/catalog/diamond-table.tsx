import { Link } from 'react-router';
import { ArrowDown, ArrowUp } from '~/components/icons.tsx';
import type { DiamondSummary } from '@facet/contracts/catalog';
import { formatMoney } from '@facet/contracts/money';
import { WishHeart } from '~/components/wish-heart.tsx';

export const COMPARE_MAX = 4;
const describe = (d: DiamondSummary) => `${d.carat.toFixed(2)} ct ${d.shape}`;

/** The diamond results: sortable columns, a compare box per stone, and a View (or Choose) link. */
export function DiamondTable({
  diamonds,
  sort,
  onSort,
  compare,
  onToggleCompare,
  chooseHref,
  busy,
}: {
  diamonds: DiamondSummary[];
  sort: string;
  onSort: (asc: string, desc: string) => void;
  compare: DiamondSummary[];
  onToggleCompare: (d: DiamondSummary) => void;
  /** Set when choosing a center stone for a setting: the link that puts this stone in it. */
  chooseHref: ((d: DiamondSummary) => string) | null;
  busy: boolean;
}) {
  const head = { sort, onSort };
  return (
    <div className={`max-h-[75vh] overflow-auto ${busy ? 'opacity-60' : ''}`}>
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">Diamonds matching your filters</caption>
        <thead className="border-b border-hairline text-xs uppercase tracking-wider text-muted">
          <tr>
            <PlainHead label="Compare" />
            <PlainHead label="Shape" />
            <SortHead {...head} label="Carat" asc="carat-asc" desc="carat-desc" />
            <SortHead {...head} label="Color" asc="color" />
            <SortHead {...head} label="Clarity" asc="clarity" />
            <SortHead {...head} label="Cut" asc="cut" />
            <PlainHead label="Lab" />
            <SortHead {...head} label="Price" asc="price-asc" desc="price-desc" className="text-right" />
            <th scope="col" className="sticky top-0 bg-white px-3 py-3">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {diamonds.map((d) => {
            const checked = compare.some((c) => c.id === d.id);
            return (
              <tr key={d.id} className="border-b border-hairline hover:bg-panel">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-[#1f5e4b]"
                    checked={checked}
                    disabled={!checked && compare.length >= COMPARE_MAX}
                    onChange={() => onToggleCompare(d)}
                    aria-label={`Compare ${describe(d)} ${d.color} ${d.clarity}`}
                  />
                </td>
                <td className="px-3 py-2">
                  <span className="flex items-center gap-2">
                    <img
                      src={d.photo ?? d.image}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      decoding="async"
                      className="h-10 w-10 bg-panel object-cover"
                    />
                    {d.shape}
                    {d.origin === 'lab' && (
                      <span className="rounded-full bg-secondary px-2 py-0.5 text-[0.65rem]">Lab</span>
                    )}
                  </span>
                </td>
                <td className="px-3 py-2">{d.carat.toFixed(2)}</td>
                <td className="px-3 py-2">{d.color}</td>
                <td className="px-3 py-2">{d.clarity}</td>
                <td className="px-3 py-2">{d.cut}</td>
                <td className="px-3 py-2">{d.lab}</td>
                <td className="px-3 py-2 text-right font-medium">{formatMoney(d.priceCents)}</td>
                <td className="px-3 py-2 text-right">
                  <span className="inline-flex items-center gap-2">
                    <WishHeart item={{ kind: 'diamond', id: d.id }} what={`the ${describe(d)} diamond ${d.serial}`} />
                    {chooseHref ? (
                      <Link
                        to={chooseHref(d)}
                        className="rounded-sm border border-ink px-2.5 py-1 text-xs font-medium hover:bg-ink hover:text-white"
                        aria-label={`Choose ${describe(d)} diamond ${d.serial}`}
                      >
                        Choose
                      </Link>
                    ) : (
                      <Link
                        to={d.href}
                        className="text-primary underline"
                        aria-label={`View ${describe(d)} diamond ${d.serial}`}
                      >
                        View
                      </Link>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PlainHead({ label }: { label: string }) {
  return (
    <th scope="col" className="sticky top-0 bg-white px-3 py-3 text-left font-medium">
      {label}
    </th>
  );
}

/** A sortable column head: first click sorts ascending, the next descending. Module-level, so it keeps focus across renders. */
function SortHead({
  label,
  asc,
  desc,
  className = '',
  sort,
  onSort,
}: {
  label: string;
  asc: string;
  desc?: string;
  className?: string;
  sort: string;
  onSort: (asc: string, desc: string) => void;
}) {
  return (
    <th
      scope="col"
      className={`sticky top-0 bg-white px-3 py-3 text-left font-medium ${className}`}
      aria-sort={sort === asc ? 'ascending' : sort === desc ? 'descending' : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase tracking-wider hover:text-primary"
        onClick={() => onSort(asc, desc ?? asc)}
      >
        {label}
        {sort === asc ? (
          <ArrowUp aria-hidden="true" className="h-3 w-3" />
        ) : sort === desc ? (
          <ArrowDown aria-hidden="true" className="h-3 w-3" />
        ) : null}
      </button>
    </th>
  );
}

const ORIGINS = [
  ['', 'All'],
  ['natural', 'Natural'],
  ['lab', 'Lab-grown'],
] as const;

/** All, natural or lab-grown diamonds. */
export function OriginSwitch({ origin, onChange }: { origin: string | null; onChange: (o: string | null) => void }) {
  return (
    <div role="radiogroup" aria-label="Diamond origin" className="inline-flex rounded-sm border border-hairline p-1">
      {ORIGINS.map(([v, label]) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={(origin ?? '') === v}
          onClick={() => onChange(v || null)}
          className={`rounded-[2px] px-4 py-2 text-sm ${(origin ?? '') === v ? 'bg-primary text-white' : 'hover:bg-panel'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function NoDiamonds() {
  return (
    <div className="py-16 text-center">
      <p className="font-display text-2xl">No diamonds match every filter</p>
      <p className="mt-2 text-muted">
        Widen a range or choose another shape. Our gemologists can also source a stone for you.
      </p>
      <Link to="/diamonds" className="btn-primary mt-6">
        Reset filters
      </Link>
    </div>
  );
}
