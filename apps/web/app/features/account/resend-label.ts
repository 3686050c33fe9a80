/** 'Resend in 00:SS' for a countdown of spec §4 (a full minute reads 01:00). */
export const resendLabel = (left: number) => {
  if (left <= 0) return 'Resend code';
  const two = (n: number) => String(n).padStart(2, '0');
  return `Resend in ${two(Math.floor(left / 60))}:${two(left % 60)}`;
};
