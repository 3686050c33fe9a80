import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimited } from '../errors.ts';
import { isDatabaseDown } from '../db/health.ts';

const fieldName = (path: string) => path.replace(/^\/(body|querystring|params|headers)(?=\/|$)/, '').replace(/^\//, '').replace(/\//g, '.') || 'request';

/** One error handler: typed service errors → status + {message}; 5xx text never reaches a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = fieldName(issue.instancePath);
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(errors);
      const message = first ? (first[0] === 'request' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
      return reply.status(400).send({ message, errors });
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterS));
      if (err.status >= 500) request.log.error({ err, reqId: request.id }, 'service unavailable');
      return reply.status(err.status).send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    if (isDatabaseDown(err)) {
      request.log.error({ err, reqId: request.id }, 'database unavailable');
      return reply.status(503).send({ message: 'The store is briefly unavailable. Please try again in a moment.' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, reqId: request.id }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
      return reply.status(status).send({ message: clientMessage(err, status) });
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No API route for ${request.method} ${request.url.split('?')[0]}` });
  });
});

function clientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return 'The request body is not valid JSON.';
    default:
      if (status === 429) return 'Too many requests. Please wait a moment and try again.';
      if (err.message && err.message.length < 200 && !/\bat\b.*\(/.test(err.message)) return err.message;
      return 'Invalid request';
  }
}
