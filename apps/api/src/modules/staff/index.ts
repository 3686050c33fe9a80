// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export {
  actorOf,
  addStaff,
  listStaff,
  sealStoredTotpSecrets,
  sessionOf,
  staffCount,
  type StaffSession,
} from './service.ts';
export { staffView } from './repository.ts';
export { resetTotp } from './recovery.ts';
