// npm run restore -- <file> [--replace] [--unsigned]
//
// Restores a backup into an empty DATA_DIR (or the empty PostgreSQL database of DATABASE_URL).
// Refuses a non-empty target unless --replace (the store there is then kept aside, not deleted),
// and a damaged, cut-short, altered or newer-release file; a refusal changes nothing. A backup is
// signed with the store's secret key (DATA_DIR/secret.key or SECRET_KEY), which must be there;
// --unsigned restores an earlier release's unsigned backup. `npm start` then
// brings the schema up to date.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCli } from './run.ts';
import { restoreStore } from '../modules/backup/index.ts';

const USAGE = 'Usage: npm run restore -- <file> [--replace] [--unsigned]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean' }, unsigned: { type: 'boolean' } },
  });
  const [target] = positionals;
  if (!target || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const config = loadConfig({ LOG_LEVEL: 'warn' });
  const { header, keptAside } = await restoreStore(config, file, {
    replace: values.replace === true,
    acceptUnsigned: values.unsigned === true,
  });
  const where = config.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : config.DATA_DIR;
  console.log(
    `Restored the backup of ${header.createdAt} (schema ${header.schema.tag}, ${header.tables.customer_order ?? 0} orders, ${header.tables.app_user ?? 0} accounts) into ${where}.`,
  );
  if (keptAside) console.log(`The store that was there is kept in ${keptAside}; delete it when you no longer need it.`);
  console.log('Start the store with `npm start`: it brings the schema up to date first.');
  return 0;
}

runCli(main);
