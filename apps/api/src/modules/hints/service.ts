import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { hintBody } from '@facet/contracts/wishlist';
import { formatMoney } from '@facet/contracts/money';
import { NotFound, RateLimited, Validation } from '../../errors.ts';
import { storeInfo } from '../../store-facts.ts';
import type { AccountDeps } from '../account/index.ts';
import { priceChoice } from '../cart/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { wishKey } from '@facet/contracts/wishlist';
import { hintMails } from './mail.ts';

export const HINT_SENT = (to: string) => `Hint sent to ${to}. We do not keep the address or write to it again.`;
const DAY_MS = 86_400_000;

// The recipient's address is not kept: the counter's key is its hash.
const recipientKey = (email: string) => `hint-to:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;

/**
 * Sends a friend the store's fixed hint about one piece: the shopper's name, an optional short
 * note (plain text, no links) and the piece's page. Per client (the route's limit) and per
 * recipient (a few a day, whoever sends them) it is capped, so it cannot be used to send spam.
 */
export async function dropHint(
  deps: Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox' | 'throttle'>,
  input: z.output<typeof hintBody>,
): Promise<{ message: string }> {
  const { item } = input;
  const p = await priceChoice(deps.db, {
    id: 0,
    kind: item.kind,
    refId: item.kind === 'configured' ? item.configuration.groupId : item.id,
    configuration: item.kind === 'configured' ? item.configuration : null,
    lineKey: wishKey(item),
  });
  if (p.gone === 'missing') throw new NotFound('We could not find that piece. It may have left the collection.');
  if (p.gone || !p.href) throw new Validation(p.message ?? 'This piece cannot be shared.');
  const window = await deps.throttle.hit(recipientKey(input.toEmail), DAY_MS);
  if (window.hits > deps.config.HINTS_PER_RECIPIENT_DAY)
    throw new RateLimited(
      'This address has had enough hints from us today. Please try again tomorrow.',
      Math.ceil(window.ttlMs / 1000),
    );
  const store = storeInfo(deps.settings.current(), deps.config);
  await enqueueMail(deps.db, {
    kind: 'hint',
    to: input.toEmail,
    ...hintMails.hint(store, {
      fromName: input.fromName,
      note: input.note,
      title: p.title,
      price: p.available && !p.incomplete ? formatMoney(p.unitPriceCents) : null,
      url: `${store.publicUrl}${p.href}`,
    }),
  });
  void deps.outbox.kick();
  return { message: HINT_SENT(input.toEmail) };
}
