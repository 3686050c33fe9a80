// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { mailboxRoutes } from './mailbox.ts';
export { MailOutbox, enqueueMail, enqueueMails, outboxBacklog } from './outbox.ts';
export { ACCENT, esc, INK, layout, MUTED, type Rendered, type StoreInfo } from './layout.ts';
export { createTransport } from './transport.ts';
export { opening, type MailWordsSet } from './words.ts';
export { unsubscribeLinks } from './unsubscribe.ts';
