import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

// The API run's folder of database templates (test/templates.ts): made before the first file,
// removed with the PostgreSQL template databases after the last.
export default function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-test-templates-'));
  project.provide('testTemplates', folder);
  return async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // Each `<kind>.pg` names one (test/templates.ts).
        const names = fs.readdirSync(folder).filter((f) => f.endsWith('.pg'));
        for (const name of names.map((f) => fs.readFileSync(path.join(folder, f), 'utf8')))
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
