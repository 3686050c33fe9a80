// npm run staff -- add <email> --role <owner|manager|fulfilment|support> [--name "Full name"]
// npm run staff -- list
// npm run staff -- reset-2fa <email>
//
// reset-2fa is the last resort when the owner has lost both their phone and their recovery codes:
// run on the store's machine (it needs the database), it turns the member's two-factor off, ends
// their sessions and e-mails them to set it up again.
//
// With a terminal, `add` prints a one-time link to set the password (valid 48 hours). Without one
// (a script, a test), it reads the password from standard input.
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@facet/contracts/admin';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { addStaff, listStaff, resetTotp } from '../modules/staff/index.ts';
import { StoreSettingsCopy } from '../modules/settings/index.ts';
import { storeInfo } from '../store-facts.ts';

const USAGE = `Usage:
  npm run staff -- add <email> --role <${ROLES.join('|')}> [--name "Full name"]
  npm run staff -- list
  npm run staff -- reset-2fa <email>`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email] = positionals;
  if (command !== 'add' && command !== 'list' && command !== 'reset-2fa') {
    console.error(USAGE);
    return 2;
  }
  if (
    (command === 'add' && (!email || !values.role || !ROLES.includes(values.role as Role))) ||
    (command === 'reset-2fa' && !email)
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.exclusive(() => database.migrate());
    if (command === 'list') {
      for (const s of await listStaff(database.db, config)) console.log(`${s.email}\t${s.role}\t${s.name}`);
      return 0;
    }
    if (command === 'reset-2fa') {
      const member = (await listStaff(database.db, config)).find((s) => s.email === email!.trim().toLowerCase());
      if (!member) {
        console.error(`${email} is not a staff member.`);
        return 1;
      }
      const settings = await StoreSettingsCopy.load(database.db, config);
      await resetTotp(
        { db: database.db, store: storeInfo(settings.current(), config) },
        { id: null, email: 'command line' },
        member.id,
      );
      console.log(
        `Two-factor sign-in is off for ${member.email}; their sessions ended and they were e-mailed. They sign in with their password at ${config.PUBLIC_URL}/admin/login and set it up again.`,
      );
      return 0;
    }
    const password = process.stdin.isTTY ? undefined : await readStdin();
    const { staff, setPasswordToken } = await addStaff(
      database.db,
      { email: email!, role: values.role as Role, name: values.name, password: password || undefined },
      null,
    );
    console.log(`Added ${staff.email} as ${staff.role}.`);
    if (setPasswordToken)
      console.log(
        `They set their password here (one use, 48 hours): ${config.PUBLIC_URL}/admin/set-password/${setPasswordToken}`,
      );
    else console.log(`They sign in at ${config.PUBLIC_URL}/admin/login.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
