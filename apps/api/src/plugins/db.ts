import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp<{ database: Database }>(async (app: FastifyInstance, { database }) => {
  app.decorate('database', database);
  app.decorate('db', database.db);
});
