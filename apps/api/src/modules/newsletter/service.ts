import { newsletterRepository as repo } from './repository.ts';
import { Validation } from '../../errors.ts';
import type { AccountDeps } from '../account/index.ts';
import { storeInfo } from '../../store-facts.ts';
import { hashToken, newToken } from '../../secrets.ts';
import { enqueueMail } from '../mail/index.ts';
import { newsletterMails } from './mail.ts';

export const NEWSLETTER_SENT = 'Almost there: please confirm your subscription from the e-mail we just sent.';
export const NEWSLETTER_CONFIRMED = 'You are subscribed. Welcome to Facet.';

/**
 * Double opt-in. The answer is the same for new, pending and confirmed addresses, so the form
 * tells nobody who subscribes; a confirmed address gets no second mail.
 */
export async function subscribe(deps: AccountDeps, email: string): Promise<{ message: string }> {
  const token = newToken();
  const sent = await deps.db.transaction(async (tx) => {
    const row = await repo.byEmail(tx, email);
    if (row?.confirmed) return false;
    await repo.upsertPending(tx, email, hashToken(token));
    const url = `${storeInfo(deps.settings.current(), deps.config).publicUrl}/newsletter/confirm/${token}`;
    await enqueueMail(tx, {
      kind: 'newsletter-confirm',
      to: email,
      ...newsletterMails.newsletterConfirm(storeInfo(deps.settings.current(), deps.config), url),
    });
    return true;
  });
  if (sent) void deps.outbox.kick();
  return { message: NEWSLETTER_SENT };
}

export async function confirm(deps: AccountDeps, token: string): Promise<{ message: string }> {
  if (!(await repo.confirm(deps.db, hashToken(token))))
    throw new Validation('This confirmation link is invalid or was already used.');
  return { message: NEWSLETTER_CONFIRMED };
}
