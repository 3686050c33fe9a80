import type { MetalQuality } from '@facet/contracts/metals';

/**
 * The demo store's first metal prices, and each metal's weight beside 14K gold (a piece in 18K
 * weighs 1.15 times as much). Both become store data in `metal_rate`, changed in the back office.
 */
export const SEED_METAL_RATES: Record<MetalQuality, { centsPerGram: number; densityFactor: number }> = {
  '14KW': { centsPerGram: 7_800, densityFactor: 1 },
  '14KY': { centsPerGram: 7_800, densityFactor: 1 },
  '14KR': { centsPerGram: 7_800, densityFactor: 1 },
  '18KW': { centsPerGram: 10_100, densityFactor: 1.15 },
  '18KY': { centsPerGram: 10_100, densityFactor: 1.15 },
  '18KR': { centsPerGram: 10_100, densityFactor: 1.15 },
  PLAT: { centsPerGram: 6_600, densityFactor: 1.6 },
};
