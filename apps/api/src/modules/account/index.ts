// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { RESET_LINK_INVALID, emailOf, liveToken, type AccountDeps, type Scope } from './service.ts';
export { appUserView } from './repository.ts';
