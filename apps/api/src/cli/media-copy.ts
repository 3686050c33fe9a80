// npm run media:copy -- --to bucket     (the database's media files into MEDIA_S3_URL's bucket)
// npm run media:copy -- --to database   (the bucket's files back into the database)
//
// Moving a store's photographs and report PDFs between where they can live. Copy, then start the
// store with (or without) MEDIA_S3_URL: shoppers' addresses do not change. Files are copied under
// their names, so running it again after a failure, or after a few more uploads, finishes the job.
// The embedded database is opened directly: stop the store first.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { copyMedia, postgresMediaStore, s3MediaStore } from '../modules/media-store/index.ts';
import { runCli } from './run.ts';

const USAGE = 'Usage: npm run media:copy -- --to bucket|database   (MEDIA_S3_URL names the bucket)';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const config = loadConfig({ LOG_LEVEL: 'warn' });
  if ((values.to !== 'bucket' && values.to !== 'database') || !config.MEDIA_S3_URL) {
    console.error(USAGE);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.exclusive(() => database.migrate());
    const inDatabase = postgresMediaStore(database.db);
    const bucket = await s3MediaStore(config.MEDIA_S3_URL);
    const [from, to] = values.to === 'bucket' ? [inDatabase, bucket] : [bucket, inDatabase];
    const started = Date.now();
    const copied = await copyMedia(from, to, (n) => {
      if (n % 500 === 0) process.stderr.write(`\r${n} files copied…`);
    });
    console.log(
      `Copied ${copied} files from ${from.where} to ${to.where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
