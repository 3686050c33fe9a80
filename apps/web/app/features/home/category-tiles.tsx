import { Link } from 'react-router';
import type { NavSection } from '@facet/contracts/nav';
import { paths } from '@facet/contracts/paths';
import type { HomePage, TilePicture } from '@facet/contracts/home';

const art = paths.itemArt;
const SECTION_ART: Record<TilePicture, string> = {
  'engagement-rings': art({
    kind: 'ring',
    style: 'halo',
    metal: '14KY',
    shape: 'oval',
    stone: 'diamond',
    title: 'Engagement rings',
  }),
  'wedding-bands': art({
    kind: 'band',
    style: 'eternity',
    metal: 'PLAT',
    shape: 'round',
    stone: 'diamond',
    title: 'Wedding bands',
  }),
  'chain-and-cords': art({ kind: 'chain', style: 'rope', metal: '14KY', title: 'Chains' }),
  jewelry: art({
    kind: 'earring',
    style: 'earring',
    metal: '14KW',
    shape: 'round',
    stone: 'diamond',
    title: 'Jewelry',
  }),
  mountings: art({
    kind: 'ring',
    style: 'solitaire',
    metal: '14KW',
    shape: 'cushion',
    stone: 'diamond',
    title: 'Mountings',
  }),
  findings: art({ kind: 'finding', style: 'clasp', metal: '14KY', title: 'Findings' }),
  diamonds: art({ kind: 'stone', shape: 'round', stone: 'diamond', title: 'Diamonds' }),
  'lab-grown-diamonds': art({ kind: 'stone', shape: 'emerald', stone: 'diamond', title: 'Lab-grown diamonds' }),
  gemstones: art({ kind: 'stone', shape: 'oval', stone: 'sapphire', title: 'Gemstones' }),
};

/** The tiles staff arranged, or (none arranged) one per menu section, linking to its first page. */
export function CategoryTiles({ sections, tiles }: { sections: NavSection[]; tiles: HomePage['tiles'] }) {
  const shown =
    tiles ??
    sections.map((s) => ({ label: s.title, href: s.groups[0]?.items[0]?.href ?? '/', picture: s.slug as TilePicture }));
  return (
    <section className="mx-auto max-w-site px-5 py-16 lg:px-8" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="text-center text-3xl">
        Shop by category
      </h2>
      <ul
        className={`mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 ${shown.length > 6 ? 'lg:grid-cols-9' : 'lg:grid-cols-6'}`}
      >
        {shown.map((s) => {
          return (
            <li key={`${s.label}${s.href}`}>
              <Link to={s.href} className="group flex h-full flex-col items-center text-center">
                <span className="block aspect-square w-full overflow-hidden bg-panel">
                  {SECTION_ART[s.picture] && (
                    <img
                      src={SECTION_ART[s.picture]}
                      alt=""
                      width={200}
                      height={200}
                      loading="lazy"
                      className="h-full w-full transition-transform duration-200 group-hover:scale-105"
                    />
                  )}
                </span>
                <span className="eyebrow mt-3 text-ink group-hover:text-primary">{s.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
