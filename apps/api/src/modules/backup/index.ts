// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { readControlFile, writeControlFile } from './control.ts';
export { BackupRefused } from './format.ts';
export { restoreStore } from './restore.ts';
export { backupKey, makeBackup } from './service.ts';
