// Small metal color dots: a card shows which metals a design comes in.
const SWATCH: Record<string, { name: string; bg: string }> = {
  '14KW': { name: '14K White Gold', bg: 'linear-gradient(135deg,#9ea3a8,#f2f3f5,#b9bdc2)' },
  '18KW': { name: '18K White Gold', bg: 'linear-gradient(135deg,#9ea3a8,#f2f3f5,#b9bdc2)' },
  '14KY': { name: '14K Yellow Gold', bg: 'linear-gradient(135deg,#b8860b,#f3d27a,#c9a227)' },
  '18KY': { name: '18K Yellow Gold', bg: 'linear-gradient(135deg,#b8860b,#f3d27a,#c9a227)' },
  '14KR': { name: '14K Rose Gold', bg: 'linear-gradient(135deg,#b76e79,#f1c1b5,#c58b7e)' },
  '18KR': { name: '18K Rose Gold', bg: 'linear-gradient(135deg,#b76e79,#f1c1b5,#c58b7e)' },
  PLAT: { name: 'Platinum', bg: 'linear-gradient(135deg,#8d949b,#eef0f2,#a9aeb3)' },
};
export const metalName = (q: string) => SWATCH[q]?.name ?? q;
export const metalBackground = (q: string) => SWATCH[q]?.bg ?? '#ccc';

export function MetalSwatches({ metals, className = '' }: { metals: string[]; className?: string }) {
  // One dot per color (14K and 18K of a color look alike at this size).
  const tones = [...new Map(metals.map((m) => [SWATCH[m]?.bg ?? m, m])).values()];
  return (
    <ul className={`flex gap-1.5 ${className}`} aria-label={`Available in ${metals.map(metalName).join(', ')}`}>
      {tones.map((m) => (
        <li
          key={m}
          className="h-3.5 w-3.5 rounded-full border border-black/10"
          style={{ background: metalBackground(m) }}
        />
      ))}
    </ul>
  );
}
