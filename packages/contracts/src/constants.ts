// Business constants, named once and shared by the API and the web app.
export const REQUEST_TIMEOUT_MS = 30_000;
export const SESSION_KEYS = {
  userToken: 'userToken',
  loggedUser: 'loggedUser',
  sessionId: 'swag-session',
} as const;
export const EMAIL_VERIFIED = 1;
export const AUTOSUGGEST_MIN_CHARS = 2;
export const AUTOSUGGEST_DEBOUNCE_MS = 300;
export const AUTOSUGGEST_MAX_RESULTS = 8;
export const RESEND_COUNTDOWN_S = 60;
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const MEGA_MENU_CLOSE_DELAY_MS = 300;
export const HEADER_HIDE_AFTER_PX = 100;
export const HEADER_FLAT_AFTER_PX = 50;
export const TOAST_DURATION_MS = 5_000;
export const CURRENCY = 'USD';
export const COPYRIGHT_YEAR = 2025;
export const SEARCH_PLACEHOLDER = 'Search Your Item';
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 96;
/** Listing sort orders (GET /category/:id?sort=). */
export const CATEGORY_SORTS = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
/** Page code chunks must load within 120 seconds; after that the page offers a retry. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** The fixed text before a verification code, in the e-mail and inside the code field. */
export const OTP_PREFIX = 'F-';
/** A verification code as the shopper sees it: "F-123456". */
export const shownCode = (code: string) => `${OTP_PREFIX}${code}`;
