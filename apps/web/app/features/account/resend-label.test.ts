import { describe, expect, it } from 'vitest';
import { resendLabel } from './resend-label.ts';

describe('resend button label', () => {
  it('counts a minute down as Resend in 00:59 … 00:00, never 01:00, and offers a resend after', () => {
    expect(resendLabel(60)).toBe('Resend in 00:59');
    expect(resendLabel(55)).toBe('Resend in 00:54');
    expect(resendLabel(1)).toBe('Resend in 00:00');
    expect(resendLabel(0)).toBe('Resend code');
    for (let left = 1; left <= 60; left++) expect(resendLabel(left)).toMatch(/^Resend in 00:[0-5]\d$/);
  });
});
