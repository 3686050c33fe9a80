// User-facing messages fixed. One text, used by both sides.
export const MSG = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is a required field',
  passwordPolicy: 'Password must be at least 12 characters with uppercase, number, and a special character',
  firstName: 'Please enter a valid first name',
  lastName: 'Please enter a valid last name',
  otp: 'Please enter a valid six digit code',
  timeout: 'Request timed out',
  resetMailSent: 'Please check your email to reset password',
  passwordReset: 'Your password has been reset. Login with new password',
} as const;
