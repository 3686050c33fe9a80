import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

export const contactMails = {
  contactToStore: (
    store: StoreInfo,
    m: { name: string; email: string; phone: string; subject: string; message: string },
  ): Rendered =>
    layout(store, `Contact form: ${m.subject}`, {
      paragraphs: [
        `From: ${m.name} <${m.email}>${m.phone ? ` · ${m.phone}` : ''}`,
        `Subject: ${m.subject}`,
        ...m.message.split(/\n{2,}/),
      ],
    }),
  /**
   * Goes to an address nobody has proved they own, so it carries none of the visitor's words (not
   * their name, not their subject): the form cannot be used to send anyone a message in our name.
   */
  contactReceipt: (store: StoreInfo): Rendered =>
    layout(store, `We received your message to ${store.name}`, {
      paragraphs: ['Thank you for writing to us. One of our jewelers will answer within one business day.'],
      after: ['If you did not write to us, someone else entered your address; you can ignore this message.'],
    }),
};
