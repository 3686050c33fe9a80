/** "★★★★☆": stars as a reader sees them (the number goes beside them for screen readers). */
export const starsText = (n: number) => '★★★★★'.slice(0, Math.round(n)) + '☆☆☆☆☆'.slice(0, 5 - Math.round(n));
