import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

export const newsletterMails = {
  newsletterConfirm: (store: StoreInfo, url: string): Rendered =>
    layout(store, `Confirm your subscription to ${store.name}`, {
      paragraphs: [
        'Please confirm that you would like our letters: new designs, rare stones and care advice, about twice a month.',
      ],
      action: { label: 'Confirm subscription', url },
      after: ['If you did not sign up, ignore this message and you will hear nothing more from us.'],
    }),
};
