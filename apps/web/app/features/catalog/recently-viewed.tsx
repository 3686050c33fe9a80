import { Link } from 'react-router';
import { useRecentlyViewed } from '~/lib/recently-viewed.ts';

/** The shopper's recently viewed items, newest first; nothing at all when there are none. */
export function RecentlyViewed({ exclude, className = '' }: { exclude?: string; className?: string }) {
  const items = useRecentlyViewed().filter((i) => i.href !== exclude);
  if (!items.length) return null;
  return (
    <section className={className} aria-labelledby="recently-viewed">
      <h2 id="recently-viewed" className="text-2xl md:text-3xl">
        Recently viewed
      </h2>
      <ul className="mt-6 flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((i) => (
          <li key={i.href} className="w-36 shrink-0 snap-start md:w-44">
            <Link to={i.href} className="group block">
              <div className="aspect-square overflow-hidden bg-panel">
                <img
                  src={i.image}
                  alt=""
                  width={176}
                  height={176}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </div>
              <p className="mt-2 line-clamp-2 text-sm leading-snug group-hover:text-primary">{i.title}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
