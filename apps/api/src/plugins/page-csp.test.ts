import { describe, expect, it } from 'vitest';
import { pageCsp } from './web.ts';

// The page policy lets a stone's video in from the hosts the store lists, and from nowhere else.

describe('the page policy and stone videos', () => {
  it('lists no frame or media source when the store lists no video host', () => {
    const csp = pageCsp('n');
    expect(csp).not.toMatch(/frame-src|media-src/);
    expect(csp).toMatch(/default-src 'self'/);
  });

  it('lets in exactly the listed hosts, as frames and as media', () => {
    const csp = pageCsp('n', false, ['https://v360.example', 'http://127.0.0.1:8123']);
    expect(csp).toContain('frame-src https://v360.example http://127.0.0.1:8123');
    expect(csp).toContain("media-src 'self' https://v360.example http://127.0.0.1:8123");
  });

  it('keeps Stripe’s frames beside the video hosts', () => {
    const csp = pageCsp('n', true, ['https://v360.example']);
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com .* https:\/\/v360\.example/);
  });
});
