import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

export const hintMails = {
  /** A hint: fixed words around the sender's name and note, and the store's own link. */
  hint: (
    store: StoreInfo,
    h: { fromName: string; note: string; title: string; price: string | null; url: string },
  ): Rendered =>
    layout(store, `${h.fromName} dropped a hint`, {
      paragraphs: [
        `${h.fromName} has been admiring a piece at ${store.name} and wanted you to see it:`,
        `${h.title}${h.price ? `, ${h.price}` : ''}.`,
        ...(h.note ? [`“${h.note}”`] : []),
      ],
      action: { label: 'See the piece', url: h.url },
      after: [
        `You received this because someone entered your address on our site to share this piece. We do not keep your address and will not write again unless you ask us to.`,
      ],
    }),
};
