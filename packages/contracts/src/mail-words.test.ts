import { describe, expect, it } from 'vitest';
import { MAIL_WORD_KINDS, MAIL_WORDS, unknownPlaceholders } from './mail-words.ts';

describe("the e-mails' words", () => {
  it("the store's own words use only the placeholders each e-mail has", () => {
    for (const kind of MAIL_WORD_KINDS)
      expect(unknownPlaceholders(kind, MAIL_WORDS[kind].subject, MAIL_WORDS[kind].body), kind).toEqual([]);
  });

  it('names a placeholder the e-mail does not have, once, however it is spaced', () => {
    expect(unknownPlaceholders('order-shipped', 'Hi {{ firstname }}', '{{firstname}} and {{trackingNumber}}')).toEqual([
      'firstname',
    ]);
    // A gift card has no order.
    expect(unknownPlaceholders('gift-card', 'Your order {{orderNumber}}')).toEqual(['orderNumber']);
  });
});
