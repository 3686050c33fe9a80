import type { SVGProps } from 'react';
import * as DRAWINGS from './icon-drawings.ts';
import sprite from './icons.svg?url';

// The store's icons, drawn as lucide draws them. Each is an <svg> that uses its symbol in icons.svg:
// one file the browser fetches once and keeps, so no page's code or markup carries the drawings
// (they were 8 KB of every page's first-load script, and each icon's paths in every page's HTML).
// The browser asks for the file as soon as the header's first icon is parsed; it cannot be
// preloaded (a <use> fetches with no destination a preload can name, so it would come twice).
// lucide-react's components rebuild an icon's attributes and children on every render and load
// their own machinery in the browser. The drawings come from lucide-react
// (scripts/icon-drawings.mjs); icons.test.tsx checks that every icon draws what lucide draws.

type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref' | 'children' | 'dangerouslySetInnerHTML'> & {
  size?: number | string;
};

const labelled = (props: object) =>
  Object.entries(props).some(([k, v]) => v != null && (k.startsWith('aria-') || k === 'role' || k === 'title'));

function drawn({ id, classes }: { id: string; classes: string }) {
  const href = `${sprite}#${id}`;
  return function Icon({ size = 24, strokeWidth = 2, className, ...rest }: IconProps) {
    const extra = className?.trim();
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        strokeWidth={strokeWidth}
        className={extra ? `${classes} ${extra}` : classes}
        aria-hidden={labelled(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={href} />
      </svg>
    );
  };
}

export const ArrowDown = /* @__PURE__ */ drawn(DRAWINGS.ArrowDown);
export const ArrowUp = /* @__PURE__ */ drawn(DRAWINGS.ArrowUp);
export const BadgeCheck = /* @__PURE__ */ drawn(DRAWINGS.BadgeCheck);
export const BellRing = /* @__PURE__ */ drawn(DRAWINGS.BellRing);
export const CalendarCheck2 = /* @__PURE__ */ drawn(DRAWINGS.CalendarCheck2);
export const CalendarDays = /* @__PURE__ */ drawn(DRAWINGS.CalendarDays);
export const Camera = /* @__PURE__ */ drawn(DRAWINGS.Camera);
export const CheckCircle2 = /* @__PURE__ */ drawn(DRAWINGS.CheckCircle2);
export const ChevronDown = /* @__PURE__ */ drawn(DRAWINGS.ChevronDown);
export const ChevronRight = /* @__PURE__ */ drawn(DRAWINGS.ChevronRight);
export const Clock = /* @__PURE__ */ drawn(DRAWINGS.Clock);
export const Gem = /* @__PURE__ */ drawn(DRAWINGS.Gem);
export const Gift = /* @__PURE__ */ drawn(DRAWINGS.Gift);
export const Heart = /* @__PURE__ */ drawn(DRAWINGS.Heart);
export const Lock = /* @__PURE__ */ drawn(DRAWINGS.Lock);
export const Mail = /* @__PURE__ */ drawn(DRAWINGS.Mail);
export const MapPin = /* @__PURE__ */ drawn(DRAWINGS.MapPin);
export const Menu = /* @__PURE__ */ drawn(DRAWINGS.Menu);
export const Minus = /* @__PURE__ */ drawn(DRAWINGS.Minus);
export const Package = /* @__PURE__ */ drawn(DRAWINGS.Package);
export const Phone = /* @__PURE__ */ drawn(DRAWINGS.Phone);
export const Plus = /* @__PURE__ */ drawn(DRAWINGS.Plus);
export const RotateCcw = /* @__PURE__ */ drawn(DRAWINGS.RotateCcw);
export const Ruler = /* @__PURE__ */ drawn(DRAWINGS.Ruler);
export const Search = /* @__PURE__ */ drawn(DRAWINGS.Search);
export const Send = /* @__PURE__ */ drawn(DRAWINGS.Send);
export const ShieldCheck = /* @__PURE__ */ drawn(DRAWINGS.ShieldCheck);
export const ShoppingBag = /* @__PURE__ */ drawn(DRAWINGS.ShoppingBag);
export const Trash2 = /* @__PURE__ */ drawn(DRAWINGS.Trash2);
export const Truck = /* @__PURE__ */ drawn(DRAWINGS.Truck);
export const User = /* @__PURE__ */ drawn(DRAWINGS.User);
export const Video = /* @__PURE__ */ drawn(DRAWINGS.Video);
export const X = /* @__PURE__ */ drawn(DRAWINGS.X);
