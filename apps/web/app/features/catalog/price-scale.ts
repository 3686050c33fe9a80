/**
 * The diamond price slider is logarithmic (a $600 and a $60,000 stone both get room): slider
 * positions 0–100 map onto whole dollars between the search's cheapest and dearest stone.
 */
export function priceScale(loDollars: number, hiDollars: number) {
  const lo = Math.max(1, loDollars),
    hi = Math.max(lo + 1, hiDollars);
  const span = Math.log(hi / lo);
  return {
    lo,
    hi,
    toPos: (price: number) => Math.round((Math.log(Math.max(lo, Math.min(hi, price)) / lo) / span) * 100),
    toPrice: (pos: number) => Math.round(lo * Math.pow(hi / lo, pos / 100)),
  };
}
