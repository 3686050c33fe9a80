import { messageAnswer } from '../account.ts';
import {
  recoveryCodes,
  staffLoginAnswer,
  staffLoginBody,
  staffMe,
  staffRecoveryBody,
  staffSetPasswordBody,
  staffTotpBody,
  totpSetup,
} from '../admin.ts';

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
  'POST /auth/totp/enable': op({ access: 'signed-in', body: staffTotpBody, answer: recoveryCodes }),
  /** The second step of a sign-in with a recovery code instead of the authenticator's. */
  'POST /auth/recovery': op({ access: 'password-only', body: staffRecoveryBody, answer: staffMe }),
  'POST /auth/recovery-codes': op({ access: 'signed-in', answer: recoveryCodes }),
} as const;
