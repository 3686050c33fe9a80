import type { FastifyRequest } from 'fastify';
import { Unauthorized, Validation } from '../errors.ts';
import type { Db } from '../db/client.ts';
import type { Scope } from '../modules/account/index.ts';
import type { Owner } from '../modules/cart/index.ts';

export interface Auth {
  userId: number;
  tokenId: number;
  scope: Scope;
  bearer: string;
}
/** What this plumbing needs of the accounts module, given to it by the app (app.ts), not imported. */
export interface TokenReader {
  liveToken(db: Db, bearer: string): Promise<{ id: number; userId: number; scope: Scope } | null>;
  /** What a dead reset link says. */
  resetLinkInvalid: string;
}
declare module 'fastify' {
  interface FastifyRequest {
    auth?: Auth;
  }
  interface FastifyInstance {
    tokens: TokenReader;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/** The bearer token of a request, if it is well-formed. */
export const bearerOf = (req: FastifyRequest) => BEARER.exec(req.headers.authorization ?? '')?.[1] ?? null;

/**
 * preHandler: the request must carry a live token of one of `scopes`. A bad reset link answers 400, not 401: the client's 401 handler
 * would reload the page before the shopper could read why.
 */
export function requireAuth(...scopes: Scope[]) {
  return async (req: FastifyRequest) => {
    const bearer = bearerOf(req);
    const token = bearer ? await req.server.tokens.liveToken(req.server.db, bearer) : null;
    if (!bearer || !token || !scopes.includes(token.scope)) {
      if (scopes.length === 1 && scopes[0] === 'reset') throw new Validation(req.server.tokens.resetLinkInvalid);
      throw new Unauthorized(bearer ? 'Your session has expired. Please log in again.' : 'Please log in to continue');
    }
    req.auth = { userId: token.userId, tokenId: token.id, scope: token.scope, bearer };
  };
}

// A random UUID (or longer): short ids could be guessed, and the id is all that guards a visitor's cart.
const VISITOR_ID = /^[A-Za-z0-9-]{32,64}$/;

/** The visitor's cart id (X-Session-Id, the browser's swag-session), if the request sent one. */
export function visitorIdOf(req: FastifyRequest): string | null {
  const raw = req.headers['x-session-id'];
  const id = typeof raw === 'string' && raw ? raw : null;
  if (id && !VISITOR_ID.test(id))
    throw new Validation('X-Session-Id must be the swag-session id (32–64 letters, digits or dashes).');
  return id;
}

/** The signed-in user's id, when a live session token came with the request (cart, checkout). */
export async function optionalUserId(req: FastifyRequest): Promise<number | null> {
  const bearer = bearerOf(req);
  if (!bearer) return null;
  const token = await req.server.tokens.liveToken(req.server.db, bearer);
  return token?.scope === 'session' ? token.userId : null;
}

/**
 * Whose cart a request is about: the signed-in user (with a valid token; the visitor's cart joins
 * an account only at sign-in), else the visitor's swag-session id.
 */
export async function ownerOf(req: FastifyRequest): Promise<Owner> {
  const sessionId = visitorIdOf(req);
  const userId = await optionalUserId(req);
  // A token that no longer opens anything is a signed-out shopper: the client's 401 handler resets.
  if (bearerOf(req) && !userId) throw new Unauthorized('Your session has expired. Please log in again.');
  return userId ? { userId, sessionId: null } : { userId: null, sessionId };
}

/**
 * Who asks about an order: its owner signed in, or a holder of the token its e-mails carry (a
 * header, or the link's query).
 */
export async function orderVisitor(req: FastifyRequest & { query: { token?: string } }) {
  const header = req.headers['x-order-token'];
  return {
    userId: await optionalUserId(req),
    token: typeof header === 'string' ? header : (req.query.token ?? null),
  };
}
