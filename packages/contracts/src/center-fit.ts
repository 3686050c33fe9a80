// Which center stones a setting holds; zod-free so listing pages can use it without a schema library.

/** Center sizes settings are made for, and the carat range a head of that size holds. */
export const CENTER_SIZES_CT = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const CENTER_FIT = { min: 0.85, max: 1.25 } as const;
export const centerRange = (sizeCt: number) => ({
  caratMin: Math.round(sizeCt * CENTER_FIT.min * 100) / 100,
  caratMax: Math.round(sizeCt * CENTER_FIT.max * 100) / 100,
});
