// One API instance for the multi-instance test: the real app on a given database, listening on a
// free port, printing "LISTENING <port>" when ready. It closes gracefully on SIGTERM.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { seedIfEmpty } from '../seed/seed.ts';

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1' });
const database = await openDatabase(config);
// As main.ts does: instances starting together on an empty database migrate and seed once.
await database.exclusive(async () => {
  await database.migrate();
  await seedIfEmpty(database.db, { scale: config.SEED_SCALE });
});
const app = await buildApp({ config, database, logger: config.LOG_LEVEL !== 'silent' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
