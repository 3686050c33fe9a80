// Small metal color dots: a card shows which metals a design comes in.
import { isMetalQuality, metalName as nameOf, metalTone, type MetalTone } from '@facet/contracts/metals';

// What a tone looks like: 14K and 18K of a color look alike at this size.
const TONE_BG: Record<MetalTone, string> = {
  white: 'linear-gradient(135deg,#9ea3a8,#f2f3f5,#b9bdc2)',
  yellow: 'linear-gradient(135deg,#b8860b,#f3d27a,#c9a227)',
  rose: 'linear-gradient(135deg,#b76e79,#f1c1b5,#c58b7e)',
};
const PLATINUM_BG = 'linear-gradient(135deg,#8d949b,#eef0f2,#a9aeb3)';
export const metalName = nameOf;
export const metalBackground = (q: string) =>
  q === 'PLAT' ? PLATINUM_BG : isMetalQuality(q) ? TONE_BG[metalTone(q)] : '#ccc';

export function MetalSwatches({ metals, className = '' }: { metals: string[]; className?: string }) {
  // One dot per color (14K and 18K of a color look alike at this size).
  const tones = [...new Map(metals.map((m) => [isMetalQuality(m) ? metalBackground(m) : m, m])).values()];
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
