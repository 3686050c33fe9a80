import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from '~/components/icons.tsx';
import type { NavSection } from '@facet/contracts/nav';
import { paths } from '@facet/contracts/paths';
import { useCertifiedDiamonds } from '~/lib/store-facts.ts';

interface Props {
  sections: NavSection[];
  active: number;
  onActivate: (index: number) => void;
  onClose: (returnFocus: boolean) => void;
  /** Asked for from the keyboard before the panel was drawn: its first section takes the focus. */
  focusFirst?: boolean;
}

/**
 * The mega menu panel: section names on the left (hover or focus shows a section), that
 * section's groups on the right. Arrow keys move between sections and into the links.
 */
export function MegaMenu({ sections, active, onActivate, onClose, focusFirst = false }: Props) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const section = sections[active];
  const diamonds = useCertifiedDiamonds();
  useEffect(() => {
    if (focusFirst) tabRefs.current[0]?.focus();
    // Only as the panel first appears: later focus is the shopper's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const focusTab = (i: number) => {
    const n = (i + sections.length) % sections.length;
    onActivate(n);
    tabRefs.current[n]?.focus();
  };

  const onTabKey = (e: React.KeyboardEvent, i: number) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusTab(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusTab(i - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusTab(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusTab(sections.length - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      panelRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    }
  };

  const onPanelKey = (e: React.KeyboardEvent) => {
    const links = Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const idx = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown' && idx >= 0) {
      e.preventDefault();
      links[Math.min(idx + 1, links.length - 1)]?.focus();
    } else if (e.key === 'ArrowUp' && idx >= 0) {
      e.preventDefault();
      links[Math.max(idx - 1, 0)]?.focus();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      tabRefs.current[active]?.focus();
    }
  };

  return (
    <div
      id="mega-menu"
      role="region"
      aria-label="Products"
      className="absolute inset-x-0 top-full border-t border-hairline bg-white shadow-[0_12px_24px_-16px_rgba(0,0,0,0.25)] motion-safe:animate-[fadein_150ms_ease-out]"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose(true);
        }
      }}
    >
      <div className="mx-auto grid max-w-site grid-cols-[15rem_1fr_16rem] gap-8 px-8 py-8">
        <ul className="border-r border-hairline pr-4" aria-label="Product sections">
          {sections.map((s, i) => (
            <li key={s.slug}>
              <button
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                aria-expanded={i === active}
                aria-controls="mega-menu-section"
                onMouseEnter={() => onActivate(i)}
                onFocus={() => onActivate(i)}
                onKeyDown={(e) => onTabKey(e, i)}
                className={`eyebrow flex w-full items-center justify-between rounded-sm px-3 py-2.5 text-left transition-colors ${
                  i === active ? 'bg-secondary text-ink' : 'text-muted hover:text-ink'
                }`}
              >
                {s.title}
                <ChevronRight
                  aria-hidden="true"
                  className={`h-4 w-4 ${i === active ? 'text-primary' : 'text-transparent'}`}
                />
              </button>
            </li>
          ))}
        </ul>
        <div id="mega-menu-section" ref={panelRef} onKeyDown={onPanelKey} role="group" aria-label={section?.title}>
          {section && (
            <>
              <p className="font-display text-2xl">{section.title}</p>
              <div className="mt-5 grid grid-cols-3 gap-x-8 gap-y-6">
                {section.groups.map((g) => (
                  <div key={g.title}>
                    <p className="eyebrow text-muted">{g.title}</p>
                    <ul className="mt-3 space-y-2">
                      {g.items.map((item) => (
                        <li key={item.label + item.href}>
                          <Link
                            to={item.href}
                            className="text-sm text-ink hover:text-primary hover:underline"
                            prefetch="intent"
                          >
                            {item.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </>
          )}
        </div>
        <Link
          to={paths.diamonds()}
          className="group relative flex flex-col justify-end overflow-hidden rounded-sm bg-secondary p-5"
        >
          <svg viewBox="0 0 120 100" className="absolute inset-x-0 top-4 mx-auto h-32 w-auto" aria-hidden="true">
            <defs>
              <linearGradient id="mm-d" x1="0" x2="1" y1="0" y2="1">
                <stop offset="0" stopColor="#ffffff" />
                <stop offset="1" stopColor="#b9c7d3" />
              </linearGradient>
            </defs>
            <path d="M30 35 L45 20 H75 L90 35 L60 85 Z" fill="url(#mm-d)" stroke="#8ea3b5" strokeWidth="1" />
            <path
              d="M30 35 H90 M45 20 L52 35 L60 20 L68 35 L75 20 M52 35 L60 85 L68 35"
              fill="none"
              stroke="#8ea3b5"
              strokeWidth="0.8"
            />
          </svg>
          <p className="eyebrow text-primary">Loose diamonds</p>
          <p className="mt-1 font-display text-xl leading-tight">Search {diamonds}</p>
          <span className="mt-2 text-sm underline group-hover:text-primary">Start your search</span>
        </Link>
      </div>
    </div>
  );
}
