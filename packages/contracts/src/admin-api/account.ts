import { messageAnswer } from '../account.ts';
import { staffLoginAnswer, staffLoginBody, staffMe, staffSetPasswordBody, staffTotpBody, totpSetup } from '../admin.ts';

import { op } from './shared.ts';

/** Signing in, and one's own account. */
export const ACCOUNT_OPS = {
  'POST /auth/login': op({ access: 'public', body: staffLoginBody, answer: staffLoginAnswer }),
  'POST /auth/totp': op({ access: 'password-only', body: staffTotpBody, answer: staffMe }),
  'POST /auth/set-password': op({ access: 'public', body: staffSetPasswordBody, answer: messageAnswer }),
  'GET /auth/me': op({ access: 'signed-in', answer: staffMe }),
  'POST /auth/logout': op({ access: 'password-only', answer: messageAnswer }),
  'POST /auth/logout-all': op({ access: 'signed-in', answer: messageAnswer }),
  'POST /auth/totp/setup': op({ access: 'signed-in', answer: totpSetup }),
  'POST /auth/totp/enable': op({ access: 'signed-in', body: staffTotpBody, answer: messageAnswer }),
} as const;
