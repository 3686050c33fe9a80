// What can be engraved, worked out the same way in the browser (as the shopper types) and on the
// server (which decides). No zod here: the product page uses it and its script budget is tight.

export const ENGRAVING_FONTS = ['script', 'roman', 'block'] as const;
export type EngravingFont = (typeof ENGRAVING_FONTS)[number];

/** Each font's name for shoppers and the face the preview draws it in (self-hosted). */
export const ENGRAVING_FONT_FACES: Record<EngravingFont, { label: string; family: string }> = {
  script: { label: 'Script', family: "'Dancing Script Variable', cursive" },
  roman: { label: 'Roman', family: "'Cormorant Garamond Variable', Georgia, serif" },
  block: { label: 'Block', family: "'Inter Variable', Arial, sans-serif" },
};

/** The most characters any design may offer (a design sets its own, at most this). */
export const ENGRAVING_MAX_CHARS = 40;

/**
 * Letters of any script (with their accents), digits, spaces and a jeweller's few marks. The middle
 * dot is among them: "A & B · 2026" is how couples write a date on a band.
 */
const ALLOWED = /^[\p{L}\p{M}\p{N} &.,'\-·♥∞]$/u;
export const ENGRAVING_MARKS = "& . , ' - · ♥ ∞";

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/** The characters as a reader counts them (an accented letter or ♥ is one). */
export function engravingChars(text: string): string[] {
  return segmenter ? [...segmenter.segment(text)].map((s) => s.segment) : [...text];
}

/**
 * Accents one character may carry (after composing): enough for Vietnamese, Thai or a Devanagari
 * cluster; a letter with dozens stacked on it is one "character" to a counter, not to an engraver.
 */
export const ENGRAVING_MAX_MARKS = 3;
const MARK = /\p{M}/gu;

/** The words as they will be engraved: composed (é is one character) and without spaces at the ends. */
export const normaliseEngraving = (text: string) => text.normalize('NFC').trim();

/** Why these words cannot be engraved on a piece taking at most `maxChars`, or null when they can. */
export function engravingProblem(text: string, maxChars: number): string | null {
  const words = normaliseEngraving(text);
  if (!words) return 'Write the words to engrave.';
  const chars = engravingChars(words);
  const bad = [...new Set(chars.filter((c) => ![...c].every((p) => ALLOWED.test(p))))];
  if (bad.length)
    return `${bad
      .slice(0, 3)
      .map((c) => (/\s/.test(c) ? 'a line break or tab' : `“${c}”`))
      .join(', ')} cannot be engraved: use letters, digits, spaces and ${ENGRAVING_MARKS}.`;
  const stacked = chars.find((c) => (c.match(MARK)?.length ?? 0) > ENGRAVING_MAX_MARKS);
  if (stacked)
    return `“${stacked.normalize('NFD').replace(MARK, '').slice(0, 4)}” carries more accents than can be engraved (at most ${ENGRAVING_MAX_MARKS} on a character).`;
  if (chars.length > maxChars) return `At most ${maxChars} characters on this piece (this is ${chars.length}).`;
  return null;
}

/** "Script, inside the band" */
export const engravingStyleText = (e: { font: EngravingFont; place: string }) =>
  `${ENGRAVING_FONT_FACES[e.font].label}, ${e.place}`;

/** How documents name it: Engraving (Script, inside the band): “A & B · 2026” — escape it where it goes. */
export const engravingText = (e: { font: EngravingFont; place: string; text: string }) =>
  `Engraving (${engravingStyleText(e)}): “${e.text}”`;

/** An engraved piece is made for its owner: the sentence every policy line and e-mail uses. */
export const ENGRAVED_NOT_RETURNABLE = 'Engraved pieces are made for you and cannot be returned.';
