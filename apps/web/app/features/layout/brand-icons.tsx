// Simple marks for social links and accepted payments (lucide ships no brand icons). They never
// change, so each is one element drawn from its markup: React writes one string per mark instead of
// building every shape and attribute on each page (brand-icons.test.tsx holds the markup to SVG's rules).
type P = { className?: string };

/** The inner markup of each mark, as SVG; the outer element carries its box and how it is painted. */
export const MARKS = {
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none"></circle>',
  facebook:
    '<path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4A21 21 0 0 0 14.4 4c-2.3 0-3.9 1.4-3.9 4v2.5H8v3h2.5V21z"></path>',
  pinterest:
    '<path d="M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.2-1.9 3.2-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z"></path>',
  youtube:
    '<path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z"></path>',
} as const;

const CARD = '<rect x="0.5" y="0.5" width="47" height="29" rx="3" fill="#fff" stroke="#d6d6d6"></rect>';
const word = (x: number, size: number, weight: number, colour: string, text: string, italic = false) =>
  `<text x="${x}" y="${size >= 12 ? 20 : 19}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="${weight}"${italic ? ' font-style="italic"' : ''} font-size="${size}" fill="${colour}">${text}</text>`;

/** Each accepted payment's name and the drawing on its card. */
export const PAYMENTS = [
  { label: 'Visa', mark: word(24, 12, 700, '#1a1f71', 'VISA', true) },
  {
    label: 'Mastercard',
    mark: '<circle cx="20" cy="15" r="7" fill="#eb001b"></circle><circle cx="28" cy="15" r="7" fill="#f79e1b" fill-opacity="0.85"></circle>',
  },
  {
    label: 'American Express',
    mark: `<rect x="6" y="7" width="36" height="16" rx="2" fill="#2e77bc"></rect>${word(24, 8, 700, '#fff', 'AMEX')}`,
  },
  {
    label: 'Discover',
    mark: `${word(21, 7.5, 700, '#1a1a1a', 'DISCOVER')}<circle cx="40" cy="15" r="3" fill="#f58220"></circle>`,
  },
  { label: 'Apple Pay', mark: word(24, 9, 600, '#000', ' Pay') },
].map((p) => ({ label: p.label, html: { __html: `<title>${p.label}</title>${CARD}${p.mark}` } }));

type Paint = Pick<React.SVGProps<SVGSVGElement>, 'fill' | 'stroke' | 'strokeWidth'>;
const OUTLINE: Paint = { fill: 'none', stroke: 'currentColor', strokeWidth: '1.6' };
const FILLED: Paint = { fill: 'currentColor' };

/** A social mark: its drawing, painted as an outline or filled, in the size the class gives it. */
const mark = (inner: string, paint: Paint) => {
  const html = { __html: inner };
  return ({ className }: P) => (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...paint} dangerouslySetInnerHTML={html} />
  );
};

export const InstagramIcon = mark(MARKS.instagram, OUTLINE);
export const FacebookIcon = mark(MARKS.facebook, FILLED);
export const PinterestIcon = mark(MARKS.pinterest, FILLED);
export const YoutubeIcon = mark(MARKS.youtube, FILLED);

/** The marks of the ways to pay the store takes (`accepted`, from its payment provider), in that order. */
export const PaymentBadges = ({ accepted }: { accepted: readonly string[] }) => (
  <ul className="flex flex-wrap items-center gap-2" aria-label="Accepted payments">
    {PAYMENTS.filter((p) => accepted.includes(p.label)).map((p) => (
      <li key={p.label}>
        <svg
          viewBox="0 0 48 30"
          role="img"
          aria-label={p.label}
          className="h-7 w-auto"
          dangerouslySetInnerHTML={p.html}
        />
      </li>
    ))}
  </ul>
);
