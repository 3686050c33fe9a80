import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/api/src/modules/*/schema.ts', './apps/api/src/db/column-types.ts'],
  out: './apps/api/drizzle',
});
