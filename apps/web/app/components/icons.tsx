import type { SVGProps } from 'react';
import * as DRAWINGS from './icon-drawings.ts';

// The store's icons, drawn as lucide draws them, each as one element whose inner markup is made
// once. lucide-react's components rebuild an icon's attributes and children on every render (4 %
// of an uncached product page's server render, 20-odd icons a page) and load their own machinery
// in the browser. The drawings come from lucide-react (scripts/icon-drawings.mjs); icons.test.tsx
// checks that every icon's markup is lucide's own.

type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref' | 'children' | 'dangerouslySetInnerHTML'> & {
  size?: number | string;
};

const labelled = (props: object) =>
  Object.entries(props).some(([k, v]) => v != null && (k.startsWith('aria-') || k === 'role' || k === 'title'));

function drawn({ classes, inner }: { classes: string; inner: string }) {
  const html = { __html: inner };
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
        dangerouslySetInnerHTML={html}
      />
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
