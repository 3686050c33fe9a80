import { Link } from 'react-router';
import type { NavSection } from '@facet/contracts/nav';
import { paths } from '@facet/contracts/paths';

const art = paths.itemArt;
const SECTION_ART: Record<string, string> = {
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

/** One tile per menu section, linking to its first page. */
export function CategoryTiles({ sections }: { sections: NavSection[] }) {
  return (
    <section className="mx-auto max-w-site px-5 py-16 lg:px-8" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="text-center text-3xl">
        Shop by category
      </h2>
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-9">
        {sections.map((s) => {
          const first = s.groups[0]?.items[0];
          return (
            <li key={s.slug}>
              <Link to={first?.href ?? '/'} className="group flex h-full flex-col items-center text-center">
                <span className="block aspect-square w-full overflow-hidden bg-panel">
                  {SECTION_ART[s.slug] && (
                    <img
                      src={SECTION_ART[s.slug]}
                      alt=""
                      width={200}
                      height={200}
                      loading="lazy"
                      className="h-full w-full transition-transform duration-200 group-hover:scale-105"
                    />
                  )}
                </span>
                <span className="eyebrow mt-3 text-ink group-hover:text-primary">{s.title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
