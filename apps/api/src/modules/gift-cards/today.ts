/** Today's date (YYYY-MM-DD) on the store's calendar: a gift card for "today" goes out today there. */
export const storeToday = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
