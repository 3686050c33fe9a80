import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

// Migrating and seeding a database took each API test file seconds of its own, the same work every
// time. The first file of a run to need a kind of database (seeded at a scale, or bare) makes it
// once and keeps it: an embedded one as its data directory dumped to a file, a PostgreSQL one as a
// template database; every later file starts from that copy. A file that finds the kind still
// being made does the work itself, as before. The folder and the templates live for one run
// (test/global-setup.ts), so a change to a migration or the seed is always in the next run's copy.

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: string;
  }
}

/** The run's folder of templates, or nothing outside the API project's run (then no template is used). */
export function templateFolder(): string | undefined {
  try {
    return inject('testTemplates') || undefined;
  } catch {
    return undefined;
  }
}

/** True for the one file of the run that makes this kind of template. */
export function claimTemplate(folder: string, kind: string): boolean {
  try {
    fs.closeSync(fs.openSync(path.join(folder, `${kind}.lock`), 'wx'));
    return true;
  } catch {
    return false;
  }
}

/** Written whole or not at all: a reader never sees half a file. */
function keep(folder: string, name: string, data: string | Uint8Array) {
  const part = path.join(folder, `${name}.${randomBytes(4).toString('hex')}.part`);
  fs.writeFileSync(part, data);
  fs.renameSync(part, path.join(folder, name));
}

export function embeddedTemplate(folder: string, kind: string): Blob | undefined {
  const file = path.join(folder, `${kind}.tar`);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function keepEmbeddedTemplate(folder: string, kind: string, dump: Blob) {
  keep(folder, `${kind}.tar`, new Uint8Array(await dump.arrayBuffer()));
}

/** The template database's name on the PostgreSQL server, once it is made. */
export function postgresTemplate(folder: string, kind: string): string | undefined {
  const file = path.join(folder, `${kind}.pg`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

export function keepPostgresTemplate(folder: string, kind: string, database: string) {
  keep(folder, `${kind}.pg`, database);
}
