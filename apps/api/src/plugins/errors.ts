import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimited } from '../errors.ts';
import type { IncomingMessage } from 'node:http';
import { isDatabaseDown } from '../db/health.ts';
import { redactUrl } from '@facet/contracts/secret-routes';

const fieldName = (path: string) =>
  path
    .replace(/^\/(body|querystring|params|headers)(?=\/|$)/, '')
    .replace(/^\//, '')
    .replace(/\//g, '.') || 'request';

/** One error handler: typed service errors → status + {message}; 5xx text never reaches a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Every answer names its request; error bodies carry it too, so a client can quote it and it
  // matches the reqId of the log line.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const body = (message: string, errors?: Record<string, string>) =>
      errors ? { message, errors, requestId: request.id } : { message, requestId: request.id };
    // The client hung up (reset, aborted upload): nobody is left to answer, and nothing is wrong on our side.
    if (clientGone(request.raw, err)) {
      request.log.info({ reqId: request.id, code: (err as { code?: string }).code }, 'client closed the connection');
      return reply.status(400).send(body('The connection was closed before the request was read.'));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = fieldName(issue.instancePath);
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(errors);
      const message = first ? (first[0] === 'request' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
      return reply.status(400).send(body(message, errors));
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterS));
      if (err.status >= 500) request.log.error({ err, reqId: request.id }, 'service unavailable');
      return reply.status(err.status).send(body(err.message, err.errors));
    }
    if (isDatabaseDown(err)) {
      request.log.error({ err, reqId: request.id }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send(body('The store is briefly unavailable. Please try again in a moment.'));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, reqId: request.id }, 'response did not match its schema');
      return reply.status(500).send(body('Something went wrong on our side. Please try again.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
      return reply.status(status).send(body(clientMessage(err, status)));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.status(500).send(body('Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `No API route for ${request.method} ${redactUrl(request.url.split('?')[0]!)}`,
      requestId: request.id,
    });
  });
});

const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
/**
 * A socket error of the request itself (not wrapped in a query error), or a request whose socket
 * is already gone. (Not `raw.destroyed`: a request stream is destroyed once its body has been read.)
 */
function clientGone(raw: IncomingMessage, err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    raw.socket?.destroyed === true ||
    (typeof code === 'string' && SOCKET_CODES.has(code) && !('query' in (err as object)))
  );
}

function clientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      if (status === 429) return 'Too many requests. Please wait a moment and try again.';
      if (err.message && err.message.length < 200 && !/\bat\b.*\(/.test(err.message)) return err.message;
      return 'Invalid request';
  }
}
