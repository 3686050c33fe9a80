import { createContext } from 'react-router';
import type { HostContext } from '@facet/contracts/host';

// The per-request values the host server hands in (CSP nonce, store details, in-process API).
export type { HostContext };
export const hostContext = createContext<HostContext>();
