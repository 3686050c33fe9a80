// Carat weights are kept as whole points (hundredths of a carat), so a weight compares and sums
// exactly. These are the only conversions (lint refuses `× 100` and `/ 100` on carats elsewhere).

/** 1.5 → 150. */
export const pointsOf = (carat: number) => Math.round(carat * 100);
/** 150 → 1.5. */
export const caratOf = (points: number) => points / 100;
