import { describe, expect, it } from 'vitest';
import { carriesSecret, redactUrl, SECRET_ROUTES } from './secret-routes.ts';

const TOKEN = 'Tk_9f8e7d6c5b4a39281706_secret';
/** Every way a token can be spelt in a URL: as it is, encoded once, twice, and encoded letter by letter. */
const spellings = (t: string) => [
  t,
  encodeURIComponent(t),
  encodeURIComponent(encodeURIComponent(t)),
  [...t].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
];
const leaks = (out: string) => spellings(TOKEN).some((s) => out.includes(s)) || out.includes(TOKEN.slice(3, 20));

describe('redactUrl: a secret is redacted because its route declares it', () => {
  it('redacts every declared secret of every declared route, in any encoding of the path', () => {
    for (const route of SECRET_ROUTES) {
      const secretNames = new Set([...(route.path ?? []), ...(route.query ?? [])]);
      expect(secretNames.size + (route.allQuery ? 1 : 0), route.pattern).toBeGreaterThan(0);
      for (const spelt of spellings(TOKEN)) {
        const path = route.pattern.replace(/:(\w+)/g, (_, n: string) => (route.path?.includes(n) ? spelt : 'FCT-1'));
        const query = (route.query ?? []).map((n) => `${n}=${spelt}`).join('&');
        const url = query ? `${path}?${query}` : path;
        // The route's own letters encoded too (a browser or a proxy may send /reset%2Dpassword/…).
        const shouted = url.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
        for (const u of [url, shouted, `${url}#x`]) {
          const out = redactUrl(u);
          expect(leaks(out), `${u} → ${out}`).toBe(false);
          expect(out).toContain('[redacted]');
        }
      }
    }
  });

  it('redacts a secret route held in another URL, as the form-not-sent page receives it', () => {
    for (const spelt of spellings(TOKEN)) {
      const inner = `/reset-password/${spelt}`;
      for (const from of [encodeURIComponent(inner), encodeURIComponent(encodeURIComponent(inner))]) {
        const out = redactUrl(`/form-not-sent?from=${from}`);
        expect(leaks(out), out).toBe(false);
        expect(decodeURIComponent(out)).toBe('/form-not-sent?from=/reset-password/[redacted]');
      }
    }
  });

  it('keeps every query value on a page whose form carries a password, and secret-named fields anywhere', () => {
    expect(redactUrl('/admin/set-password/abc123?p=Sekret-99x&confirm=Sekret-99x')).toBe(
      '/admin/set-password/[redacted]?p=[redacted]&confirm=[redacted]',
    );
    const out = redactUrl('/admin/login?email=owner%40facet.test&password=Hunter-22&next=%2Fadmin');
    expect(out).toBe('/admin/login?email=[redacted]&password=[redacted]&next=%2Fadmin');
    for (const [k, v] of [
      ['newPassword', 'Sekret-99x'],
      ['token', 'tok123'],
      ['otp', '123456'],
      ['code', '654321'],
      ['customerEmail', 'a@b.example'],
    ])
      expect(redactUrl(`/contact-us?${k}=${v}&x=1`)).not.toContain(v);
  });

  it('keeps ordinary URLs whole, and the parts of a secret route that are not secret', () => {
    expect(redactUrl('/category/1100?metal=platinum&sort=price')).toBe('/category/1100?metal=platinum&sort=price');
    expect(redactUrl('/saved-searches/unsubscribe/12/sig-abc')).toBe('/saved-searches/unsubscribe/12/[redacted]');
    expect(redactUrl('/order-confirmation?number=FCT-7K2M&token=abc')).toBe(
      '/order-confirmation?number=FCT-7K2M&token=[redacted]',
    );
    expect(redactUrl('/form-not-sent?from=%2Fcontact-us')).toBe('/form-not-sent?from=%2Fcontact-us');
  });
});

describe('carriesSecret: which answers are sent with no referrer', () => {
  it('is true for a secret in the path or a declared query, and false otherwise', () => {
    expect(carriesSecret('/reset-password/abc')).toBe(true);
    expect(carriesSecret('/admin/set-password/abc')).toBe(true);
    expect(carriesSecret('/order-confirmation?number=F&token=t')).toBe(true);
    expect(carriesSecret('/orders/F-1/return?token=t')).toBe(true);
    expect(carriesSecret('/orders/F-1/return')).toBe(false);
    expect(carriesSecret('/order-confirmation?number=F')).toBe(false);
    expect(carriesSecret('/category/1')).toBe(false);
  });
});

describe('a mangled one-time link is still redacted', () => {
  it('found inside a longer path, or with more after its secret', () => {
    expect(redactUrl(`/api/x/reset-password/${TOKEN}`)).toBe('/api/x/reset-password/[redacted]');
    expect(redactUrl(`/reset-password/${TOKEN}/${TOKEN}`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/en/admin/set-password/${encodeURIComponent(TOKEN)}?x=1`)).toBe(
      '/en/admin/set-password/[redacted]?x=[redacted]',
    );
  });
});
