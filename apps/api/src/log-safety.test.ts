import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-safety.ts';

describe('redactUrl: what a request log may keep of a URL', () => {
  it('keeps no value of a password, token, code or e-mail in a query', () => {
    const out = redactUrl('/admin/login?email=owner%40facet.test&password=Hunter-22&next=%2Fadmin');
    expect(out).not.toContain('Hunter-22');
    expect(out).not.toContain('owner');
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

  it('keeps no query value at all on the set-password and reset-password pages', () => {
    const out = redactUrl('/admin/set-password/abc123?p=Sekret-99x&confirm=Sekret-99x');
    expect(out).toBe('/admin/set-password/[redacted]?p=[redacted]&confirm=[redacted]');
    expect(redactUrl('/reset-password/tok?pw=Sekret-99x')).toBe('/reset-password/[redacted]?pw=[redacted]');
  });

  it('keeps tokens in paths out, and ordinary URLs whole', () => {
    expect(redactUrl('/newsletter/confirm/tok-abc')).toBe('/newsletter/confirm/[redacted]');
    expect(redactUrl('/wishlist/shared/tok-abc')).toBe('/wishlist/shared/[redacted]');
    expect(redactUrl('/saved-searches/unsubscribe/12/sig-abc')).toBe('/saved-searches/unsubscribe/12/[redacted]');
    expect(redactUrl('/category/1100?metal=platinum&sort=price')).toBe('/category/1100?metal=platinum&sort=price');
  });
});
