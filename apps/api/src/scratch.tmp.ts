import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
const t0 = Date.now();
const pglite = await PGlite.create();
console.log("pglite", Date.now() - t0);
const boss = new PgBoss({ db: fromPglite(pglite), backend: 'pglite', schedule: false, supervise: true });
boss.on('error', (e) => console.error('boss error', e));
await boss.start();
console.log('started', Date.now() - t0);
await boss.createQueue('q', { heartbeatSeconds: 10, retryLimit: 2 });
const id = await boss.send('q', { a: 1 });
console.log('sent', id, Date.now() - t0);
await new Promise<void>((resolve) => {
  void boss.work('q', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    console.log('got', job!.data, Date.now() - t0);
    resolve();
  });
});
await boss.stop({ graceful: true, timeout: 2000 });
console.log('stopped', Date.now() - t0);
await pglite.close();
