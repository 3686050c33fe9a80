import { useId } from 'react';
import type { EngravingOffer } from '@facet/contracts/engraving';
import {
  ENGRAVING_FONT_FACES,
  ENGRAVING_MARKS,
  engravingChars,
  engravingProblem,
} from '@facet/contracts/engraving-rules';
import { metalTone } from '@facet/contracts/metals';
import type { EngravingDraft } from './engraving-option.tsx';

const TONES = {
  white: { light: '#f1f1ef', dark: '#b9b9b4', cut: '#6e6e69' },
  yellow: { light: '#f3dfa2', dark: '#c9a54e', cut: '#7a5b17' },
  rose: { light: '#f4cdbd', dark: '#c98b74', cut: '#7c4534' },
};

/** The words, the font and a preview of them on the piece, checked as the shopper types. */
export default function EngravingEditor({
  offer,
  metal,
  kind,
  value,
  onChange,
}: {
  offer: EngravingOffer;
  metal: string;
  kind: string;
  value: EngravingDraft;
  onChange: (v: EngravingDraft) => void;
}) {
  const id = useId();
  const used = engravingChars(value.text.normalize('NFC').trim()).length;
  // Nothing typed yet is not an error to shout about; anything else the server would refuse is said now.
  const shown = value.text.trim() ? value.problem : null;
  const change = (text: string, font = value.font) =>
    onChange({ text, font, problem: engravingProblem(text, offer.maxChars) });
  return (
    <div className="mt-4 space-y-4">
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-words`} className="text-sm font-medium">
            Words to engrave
          </label>
          <span className={`text-xs ${used > offer.maxChars ? 'text-danger' : 'text-muted'}`} aria-live="polite">
            {used} / {offer.maxChars}
          </span>
        </div>
        <input
          id={`${id}-words`}
          name="engraving"
          className="field mt-1 w-full py-2"
          value={value.text}
          maxLength={200}
          autoComplete="off"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => change(e.target.value)}
        />
        <p
          id={`${id}-hint`}
          className={`mt-1 text-xs ${shown ? 'text-danger' : 'text-muted'}`}
          role={shown ? 'alert' : undefined}
        >
          {shown ?? `Letters, digits, spaces and ${ENGRAVING_MARKS}`}
        </p>
      </div>
      <div role="radiogroup" aria-label="Font" className="flex flex-wrap gap-2">
        {offer.fonts.map((f) => (
          <label
            key={f}
            className={`cursor-pointer border px-4 py-2 text-lg has-[:focus-visible]:outline has-[:focus-visible]:outline-2 ${value.font === f ? 'border-ink' : 'border-hairline'}`}
            style={{ fontFamily: ENGRAVING_FONT_FACES[f].family }}
          >
            <input
              type="radio"
              name={`${id}-font`}
              className="sr-only"
              checked={value.font === f}
              onChange={() => change(value.text, f)}
            />
            {ENGRAVING_FONT_FACES[f].label}
          </label>
        ))}
      </div>
      <Preview
        text={value.text.trim()}
        font={value.font}
        metal={metal}
        round={kind === 'pendant'}
        place={offer.place}
      />
    </div>
  );
}

/** The words drawn on the metal: inside a band (unrolled), or on the back of a pendant. */
function Preview({
  text,
  font,
  metal,
  round,
  place,
}: {
  text: string;
  font: EngravingDraft['font'];
  metal: string;
  round: boolean;
  place: string;
}) {
  const id = useId().replace(/:/g, '');
  const tone = TONES[metalTone(metal)];
  const words = text || 'Your words here';
  const size = Math.max(14, Math.min(round ? 26 : 30, (round ? 300 : 620) / Math.max(words.length, 1)));
  return (
    <figure>
      <svg
        viewBox={round ? '0 0 200 200' : '0 0 400 110'}
        className={round ? 'mx-auto h-40 w-40' : 'mx-auto h-auto w-full max-w-xs'}
        role="img"
        aria-label={`Preview: “${words}” ${place}, in ${ENGRAVING_FONT_FACES[font].label}`}
        data-testid="engraving-preview"
      >
        <defs>
          <linearGradient id={`${id}-m`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={tone.dark} />
            <stop offset="0.45" stopColor={tone.light} />
            <stop offset="1" stopColor={tone.dark} />
          </linearGradient>
        </defs>
        {round ? (
          <circle cx="100" cy="100" r="92" fill={`url(#${id}-m)`} stroke={tone.cut} strokeOpacity="0.35" />
        ) : (
          <rect
            x="4"
            y="14"
            width="392"
            height="82"
            rx="41"
            fill={`url(#${id}-m)`}
            stroke={tone.cut}
            strokeOpacity="0.35"
          />
        )}
        <text
          x={round ? 100 : 200}
          y={round ? 100 : 55}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={size}
          fill={tone.cut}
          fillOpacity={text ? 0.9 : 0.35}
          style={{ fontFamily: ENGRAVING_FONT_FACES[font].family }}
        >
          {words}
        </text>
      </svg>
      <figcaption className="mt-1 text-center text-xs text-muted">
        {ENGRAVING_FONT_FACES[font].label}, {place} — drawn to show the font; the engraver sizes the words to the piece.
      </figcaption>
    </figure>
  );
}
