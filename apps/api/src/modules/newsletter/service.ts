import { and, eq, sql } from 'drizzle-orm';
import { newsletterSubscriber } from '../../db/schema/accounts.ts';
import { Validation } from '../../errors.ts';
import type { AccountDeps } from '../account/service.ts';
import { storeInfo } from '../account/service.ts';
import { hashToken, newToken } from '../account/secrets.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { templates } from '../mail/templates.ts';

export const NEWSLETTER_SENT = 'Almost there: please confirm your subscription from the e-mail we just sent.';
export const NEWSLETTER_CONFIRMED = 'You are subscribed. Welcome to Facet.';

/**
 * Double opt-in. The answer is the same for new, pending and confirmed addresses, so the form
 * tells nobody who subscribes; a confirmed address gets no second mail.
 */
export async function subscribe(deps: AccountDeps, email: string): Promise<{ message: string }> {
  const token = newToken();
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscriber).where(eq(newsletterSubscriber.email, email)).limit(1);
    if (row?.confirmed) return false;
    await tx.insert(newsletterSubscriber).values({ email, tokenHash: hashToken(token) })
      .onConflictDoUpdate({ target: newsletterSubscriber.email, set: { tokenHash: hashToken(token), createdAt: sql`now()` } });
    const url = `${storeInfo(deps.config).publicUrl}/newsletter/confirm/${token}`;
    await enqueueMail(tx, { kind: 'newsletter-confirm', to: email, ...templates.newsletterConfirm(storeInfo(deps.config), url) });
    return true;
  });
  if (sent) void deps.outbox.kick();
  return { message: NEWSLETTER_SENT };
}

export async function confirm(deps: AccountDeps, token: string): Promise<{ message: string }> {
  const done = await deps.db.update(newsletterSubscriber)
    .set({ confirmed: true, confirmedAt: sql`now()`, tokenHash: null })
    .where(and(eq(newsletterSubscriber.tokenHash, hashToken(token)), eq(newsletterSubscriber.confirmed, false)))
    .returning({ email: newsletterSubscriber.email });
  if (!done.length) throw new Validation('This confirmation link is invalid or was already used.');
  return { message: NEWSLETTER_CONFIRMED };
}
