import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { backupControlRoutes } from './routes.ts';

// `npm run backup` asks the running store through POST /api/internal/backup: only with the token
// the store wrote to DATA_DIR/control.json, and only from this machine.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

async function controlApp(token: string | null) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', t.database);
  await app.register(async (api) => {
    await api.register(errorsPlugin);
    await api.register(backupControlRoutes(token));
  });
  return app;
}
const ask = (
  app: Awaited<ReturnType<typeof controlApp>>,
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/internal/backup',
    headers,
    payload: { file: '/tmp/never.backup' },
    remoteAddress,
  });

describe('the backup control route', () => {
  it('refuses a wrong or missing token, a request from another machine, and a store with no token', async () => {
    const app = await controlApp('the-right-token-0123456789');
    expect((await ask(app, {})).statusCode).toBe(403);
    expect((await ask(app, { 'x-facet-control': 'the-wrong-token-012345678' })).statusCode).toBe(403);
    expect((await ask(app, { 'x-facet-control': 'the-right-token-0123456789' }, '203.0.113.9')).statusCode).toBe(403);
    await app.close();
    // An in-memory store (tests) or PostgreSQL: no control token at all.
    const none = await controlApp(null);
    expect((await ask(none, { 'x-facet-control': 'anything' })).statusCode).toBe(403);
    await none.close();
    // The app as built does not offer it either.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/backup',
      headers: { 'x-facet-control': 'anything' },
      payload: { file: '/tmp/never.backup' },
    });
    expect(res.statusCode).toBe(403);
  });
});
