// Kept apart from commerce.ts (which loads zod) so the cart and order pages can print a rate without it.

/** A jurisdiction's rate as printed: "4.5 %", "0.375 %" — never rounded to fewer places than it has. */
export const taxRateText = (percent: number) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 4 })} %`;
