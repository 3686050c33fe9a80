// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { fromThisMachine, mailboxRoutes } from './mailbox.ts';
export { MailOutbox, enqueueMail, enqueueMails } from './outbox.ts';
export { esc, layout, templates, type DigestSection, type Rendered, type StoreInfo } from './templates.ts';
export { createTransport } from './transport.ts';
