import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';

// A module plugs itself in: its `module.ts` says which routes it serves (to shoppers under /api, to
// staff under /api/admin) and what it runs in the background. The composition root loads every
// module's by folder (as fastify/demo autoloads its plugins): adding a module is adding a folder.

export type Stop = () => void | Promise<void>;
export interface ModuleContext {
  database: Database;
}
type Starter = (app: FastifyInstance, ctx: ModuleContext) => Promise<Stop | void> | Stop | void;

export interface FacetModule {
  /** Routes under /api (public, or with their own checks). */
  routes?: readonly FastifyPluginAsyncZod[];
  /** Routes under /api/admin, inside the staff scope (each made from ADMIN_API). */
  admin?: readonly FastifyPluginAsyncZod[];
  /** What every instance runs once the app is ready (sweepers, followers); answers how to stop it. */
  start?: Starter;
  /** Jobs from the shared queue, on instances that take them (JOB_WORKERS). */
  workers?: Starter;
}

const MODULES = path.join(import.meta.dirname, 'modules');

/** Every module's plug, by folder name (a module without a `module.ts` serves nothing by itself). */
export async function loadModules(): Promise<Array<[string, FacetModule]>> {
  const found: Array<[string, FacetModule]> = [];
  for (const name of fs.readdirSync(MODULES).sort()) {
    const file = path.join(MODULES, name, 'module.ts');
    if (!fs.existsSync(file)) continue;
    const { facetModule } = (await import(file)) as { facetModule?: FacetModule };
    if (!facetModule) throw new Error(`modules/${name}/module.ts: export a facetModule`);
    found.push([name, facetModule]);
  }
  return found;
}

/** Runs each module's `start` (and `workers`, when this instance takes jobs) and answers how to stop them all. */
export async function startModules(
  app: FastifyInstance,
  modules: ReadonlyArray<[string, FacetModule]>,
  ctx: ModuleContext & { jobWorkers: boolean },
): Promise<Stop> {
  const stops: Stop[] = [];
  for (const [, m] of modules) {
    const stop = await m.start?.(app, ctx);
    if (stop) stops.push(stop);
  }
  // The queue's workers are set up behind the opening, not before it: starting the job queue is some
  // forty statements, which on a machine busy elsewhere held the store's first page back for a minute.
  // A job sent meanwhile waits in the queue; a worker takes it once it is set up.
  const workersStarted = (async () => {
    if (!ctx.jobWorkers) return;
    for (const [name, m] of modules) {
      try {
        const stop = await m.workers?.(app, ctx);
        if (stop) stops.push(stop);
      } catch (err) {
        app.log.error({ err, module: name }, 'background workers could not start');
      }
    }
  })();
  return async () => {
    await workersStarted;
    for (const stop of stops.reverse()) await stop();
  };
}
