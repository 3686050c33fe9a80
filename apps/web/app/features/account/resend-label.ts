/**
 * 'Resend in 00:SS'. `left` counts the seconds still to wait (60 right after a code is
 * sent); the label reads the seconds remaining after this one, so a minute shows 00:59 … 00:00
 * and the button enables only when the server would accept a resend.
 */
export const resendLabel = (left: number) => {
  if (left <= 0) return 'Resend code';
  const s = Math.min(59, left - 1);
  return `Resend in 00:${String(s).padStart(2, '0')}`;
};
