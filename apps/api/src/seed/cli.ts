// `npm run seed -- --scale N [--reset]`: fills the configured database (PGlite or DATABASE_URL).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, rowsOf } from '../db/client.ts';
import { seedAll } from './seed.ts';

const args = process.argv.slice(2);
const scaleArg = args.indexOf('--scale');
const scale = scaleArg >= 0 ? Number(args[scaleArg + 1]) : undefined;
if (scale !== undefined && !(scale > 0)) {
  console.error('--scale takes a positive number, e.g. --scale 50');
  process.exit(2);
}
const config = loadConfig(scale ? { SEED_SCALE: String(scale) } : {});
const database = await openDatabase(config);
await database.migrate();
const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from category`)) as [
  { n: number },
];
if (n > 0) {
  if (!args.includes('--reset')) {
    console.error('The database already holds a catalogue. Run with --reset to replace it.');
    process.exit(1);
  }
  await database.db.execute(
    sql`truncate configuration_model, category, menu_item, product_group, product, product_attribute, metal_rate, diamond, gemstone_type, notable_gemstone, melee_parcel restart identity cascade`,
  );
}
const started = Date.now();
let lastStep = '';
await seedAll(database.db, {
  scale: config.SEED_SCALE,
  onProgress: (step, done, total) => {
    if (step !== lastStep && lastStep) process.stdout.write('\n');
    lastStep = step;
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stdout.write(
      `\r${step.padEnd(18)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString()}/${total.toLocaleString()}`,
    );
  },
});
console.log(
  `\nSeeded at scale ${config.SEED_SCALE} on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
