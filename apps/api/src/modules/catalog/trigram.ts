// pg_trgm's similarity, in process: used to correct each word of a search against the catalogue's words.
function trigrams(word: string): Set<string> {
  const w = `  ${word.toLowerCase()} `;
  const out = new Set<string>();
  for (let i = 0; i < w.length - 2; i++) out.add(w.slice(i, i + 3));
  return out;
}
export function similarity(a: string, b: string): number {
  const ta = trigrams(a),
    tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}
/** The closest known word when the word itself is unknown; null when nothing is close enough. */
export function correctWord(word: string, known: readonly string[], threshold = 0.34): string | null {
  const w = word.toLowerCase();
  if (known.includes(w)) return w;
  let best: string | null = null;
  let bestScore = threshold;
  for (const k of known) {
    const s = similarity(w, k);
    if (s > bestScore) {
      bestScore = s;
      best = k;
    }
  }
  return best;
}
