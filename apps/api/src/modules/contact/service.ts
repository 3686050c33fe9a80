import type { z } from 'zod';
import type { contactBody } from '@facet/contracts/account';
import { contactRepository as repo } from './repository.ts';
import type { AccountDeps } from '../account/index.ts';
import { storeInfo } from '../../store-facts.ts';
import { enqueueMail } from '../mail/index.ts';
import { contactMails } from './mail.ts';

export const CONTACT_THANKS =
  'Thank you. Your message is with our jewelers, and we will reply within one business day.';

/** Stores the message and, in the same transaction, mails it to the store and a receipt to the sender. */
export async function createContactMessage(
  deps: AccountDeps,
  input: z.output<typeof contactBody>,
): Promise<{ message: string }> {
  // A filled honeypot is a bot: it gets the same thanks and nothing is kept.
  if (input.website) return { message: CONTACT_THANKS };
  const store = storeInfo(deps.settings.current(), deps.config);
  const { website: _honeypot, ...fields } = input;
  await deps.db.transaction(async (tx) => {
    await repo.insert(tx, fields);
    await enqueueMail(tx, {
      kind: 'contact',
      to: store.email,
      ...contactMails.contactToStore(store, fields),
    });
    await enqueueMail(tx, {
      kind: 'contact-receipt',
      to: fields.email,
      ...contactMails.contactReceipt(store),
    });
  });
  void deps.outbox.kick();
  return { message: CONTACT_THANKS };
}
