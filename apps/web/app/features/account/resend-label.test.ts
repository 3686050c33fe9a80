import { describe, expect, it } from 'vitest';
import { resendLabel } from './resend-label.ts';

describe('resend button label (spec §4)', () => {
  it('counts down as Resend in 00:SS and offers a resend at zero', () => {
    expect(resendLabel(60)).toBe('Resend in 01:00');
    expect(resendLabel(59)).toBe('Resend in 00:59');
    expect(resendLabel(5)).toBe('Resend in 00:05');
    expect(resendLabel(0)).toBe('Resend code');
  });
});
