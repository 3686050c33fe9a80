import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { can } from '@facet/contracts/admin';
import type { AdminAccess, AdminOp } from '@facet/contracts/admin-api';
import { AppError, Forbidden, Unauthorized } from '../errors.ts';
import type { StaffSession } from '../modules/staff/index.ts';

/**
 * What an /api/admin route needs (contracts' table): a permission of the member's role; `signed-in`
 * (any member); `password-only` (signed in with the password, the second factor still to give); `public`.
 */
export type { AdminAccess };

/** What the admin scope needs of the staff and audit modules, given to it by the app (app.ts), not imported. */
export interface StaffAccess {
  sessionOf(app: FastifyInstance, token: string): Promise<StaffSession | null>;
  audit: typeof import('../modules/audit/index.ts').audit;
  /** A staff write went through: the catalogue's kept answers and in-process copies are dropped. */
  catalogueWritten(app: FastifyInstance): void;
}
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AdminAccess;
    /** The contracts' entry the route was made from (`adminRoute`). */
    op?: AdminOp;
  }
  interface FastifyRequest {
    staff?: StaffSession;
  }
  interface FastifyInstance {
    staffAccess: StaffAccess;
  }
}

export const STAFF_COOKIE = 'facet_staff';

/** Every admin route and what it declared (the route × role test walks them). */
export const adminRouteTable: Array<{
  method: string;
  url: string;
  access: AdminAccess;
  op: AdminOp;
}> = [];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setStaffCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  const { config } = req.server;
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.PUBLIC_URL.startsWith('https:'),
    maxAge: config.STAFF_SESSION_HOURS * 3600,
  });
}
export const clearStaffCookie = (reply: FastifyReply) => reply.clearCookie(STAFF_COOKIE, { path: '/' });

/** The origins a state-changing admin request may come from: this store's own. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  const own = new Set([new URL(req.server.config.PUBLIC_URL).origin, `${req.protocol}://${req.host}`]);
  return own.has(origin);
}

/**
 * The /api/admin scope: every route declares its access (a route without one fails at start-up),
 * a state-changing request must come from the store's own pages (SameSite=Strict cookie and an
 * Origin check), and one onRequest hook compares the member's role with the route's permission.
 */
export async function adminScope(app: FastifyInstance) {
  await app.register(cookie);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access)
      throw new Error(`${route.method} ${route.url}: an admin route must declare its access (config.access)`);
    // Made from its entry in the contracts' table (adminRoute), so its permission, request and
    // answer are the ones the admin pages are typed against.
    const op = route.config?.op;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (!op || !methods.every((m) => route.url.endsWith(op.slice(m.length + 1)) && op.startsWith(`${m} `)))
      throw new Error(`${methods.join(',')} ${route.url}: an admin route is made with adminRoute() from ADMIN_API`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && !adminRouteTable.some((r) => r.method === method && r.url === route.url))
        adminRouteTable.push({
          method,
          url: route.url,
          access,
          op,
        });
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    // A staff write that succeeded may have changed what shoppers see: this instance forgets its
    // answers before the writer reads again (the others hear the database's NOTIFY).
    if (!SAFE_METHODS.has(req.method) && reply.statusCode < 400) req.server.staffAccess.catalogueWritten(req.server);
  });
  app.addHook('onRequest', async (req) => {
    if (!SAFE_METHODS.has(req.method) && !sameOrigin(req))
      throw new AppError(403, 'Cross-site request refused: the back office only accepts changes from its own pages.');
  });
  // Before the body is parsed and validated: a stranger learns nothing from a route's 400s.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access!;
    if (access === 'public') return;
    const token = req.cookies[STAFF_COOKIE];
    const session = token ? await req.server.staffAccess.sessionOf(req.server, token) : null;
    if (!session) throw new Unauthorized('Please sign in to the back office.');
    req.staff = session;
    if (access === 'password-only') return;
    if (!session.complete) throw new Unauthorized('Enter the code from your authenticator app to finish signing in.');
    if (access === 'signed-in') return;
    if (!session.staff.totpEnabled && session.requireTotp)
      throw new Forbidden('The owner requires two-factor sign-in: set it up under Account first.');
    if (!can(session.staff.role, access)) throw new Forbidden();
  });
  // A write a member's role refused is on the record too (who, what, when): an escalation tried
  // and stopped is what an owner most needs to see.
  app.addHook('onError', async (req, _reply, err) => {
    const status = err instanceof AppError ? err.status : (err as { statusCode?: number }).statusCode;
    if (SAFE_METHODS.has(req.method) || !req.staff || status !== 403) return;
    await req.server.staffAccess
      .audit(
        req.server.db,
        { id: req.staff.staff.id, email: req.staff.staff.email },
        'denied',
        'route',
        `${req.method} ${req.routeOptions.url}`,
        null,
        {
          access: req.routeOptions.config.access,
          reason: err.message,
        },
      )
      .catch((e: unknown) => req.log.error({ err: e }, 'could not audit a refused write'));
  });
}
