import { z } from 'zod';
import { messageAnswer } from '../account.ts';
import { auditPage, staffCreated, staffMe } from '../admin.ts';
import { backupSettings, backupStatus } from '../admin-backups.ts';
import { storeSettingsAnswer, storeSettingsUpdate } from '../store-settings.ts';

import { op, auditQuery, addStaffBody, idParams } from './shared.ts';

/** Staff, store settings, backups and the audit log. */
export const STAFF_OPS = {
  'GET /staff': op({ access: 'staff:manage', answer: z.array(staffMe) }),
  'POST /staff': op({ access: 'staff:manage', body: addStaffBody, answer: staffCreated }),
  /** A member lost their phone: their two-factor is turned off, their sessions end, they are e-mailed. */
  'POST /staff/:id/reset-totp': op({ access: 'staff:manage', params: idParams, answer: staffMe }),
  'PUT /settings/require-totp': op({
    access: 'settings:manage',
    body: z.object({ required: z.boolean() }).strict(),
    answer: messageAnswer,
  }),
  'GET /settings': op({ access: 'settings:manage', answer: storeSettingsAnswer }),
  'PUT /settings': op({ access: 'settings:manage', body: storeSettingsUpdate, answer: storeSettingsAnswer }),
  'GET /audit': op({ access: 'audit:read', query: auditQuery, answer: auditPage }),
  'GET /backups': op({ access: 'settings:manage', answer: backupStatus }),
  'PUT /backups/settings': op({ access: 'settings:manage', body: backupSettings, answer: backupStatus }),
  'POST /backups': op({ access: 'settings:manage', answer: backupStatus }),
} as const;
