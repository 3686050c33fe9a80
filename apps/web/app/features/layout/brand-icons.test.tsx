import { acceptedPayments } from '@facet/contracts/store-facts';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  FacebookIcon,
  InstagramIcon,
  MARKS,
  PAYMENTS,
  PaymentBadges,
  PinterestIcon,
  YoutubeIcon,
} from './brand-icons.tsx';

// The marks are markup written by hand: each must be well-formed SVG, or a browser drops the drawing.
const parseSvg = (markup: string) => new DOMParser().parseFromString(markup, 'image/svg+xml');
const wellFormed = (inner: string) =>
  parseSvg(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`).getElementsByTagName('parsererror').length === 0;

describe('brand marks', () => {
  it('parses every mark and payment card as SVG', () => {
    expect(wellFormed('<rect></svg>')).toBe(false);
    for (const inner of Object.values(MARKS)) expect(wellFormed(inner), inner).toBe(true);
    for (const p of PAYMENTS) expect(wellFormed(p.html.__html), p.label).toBe(true);
  });

  it('shows only what the payment provider takes, each named for screen readers by its label and its title', () => {
    const shown = (payment: Parameters<typeof acceptedPayments>[0]) => {
      const markup = renderToStaticMarkup(<PaymentBadges accepted={acceptedPayments(payment)} />);
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      return [...doc.querySelectorAll('ul[aria-label="Accepted payments"] > li > svg')];
    };
    // The test provider takes a typed card: no wallet is shown, and PayPal never (no provider takes it).
    expect(shown({ provider: 'test' }).map((c) => c.getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
    ]);
    const cards = shown({ provider: 'stripe', publishableKey: 'pk_test_x', holdMinutes: 30 });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Apple Pay',
    ]);
    // Every way a provider takes has a mark to show.
    for (const label of acceptedPayments({ provider: 'stripe', publishableKey: 'pk_test_x', holdMinutes: 30 }))
      expect(PAYMENTS.map((p) => p.label)).toContain(label);
    for (const c of cards) {
      expect(c.getAttribute('role')).toBe('img');
      expect(c.querySelector('title')?.textContent).toBe(c.getAttribute('aria-label'));
    }
  });

  it('draws the social marks hidden from screen readers, in the size they are given', () => {
    for (const Icon of [InstagramIcon, FacebookIcon, PinterestIcon, YoutubeIcon]) {
      const markup = renderToStaticMarkup(<Icon className="h-4 w-4" />);
      expect(markup).toMatch(/^<svg viewBox="0 0 24 24" class="h-4 w-4" aria-hidden="true"/);
      expect(markup).toMatch(/<(path|rect)\b/);
    }
  });
});
