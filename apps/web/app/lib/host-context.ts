import { createContext } from 'react-router';

// Values the host server (apps/api/src/plugins/web.ts) gives every request: the CSP nonce,
// store details from config, and an in-process API caller for server-side loaders.
export interface HostContext {
  nonce: string;
  publicUrl: string;
  store: { name: string; email: string; phone: string; address: string };
  api: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<{ status: number; body: unknown }>;
  devMailbox: boolean;
}

export const hostContext = createContext<HostContext>();
