// npm run staff -- add <email> --role <owner|manager|fulfilment|support> [--name "Full name"]
// npm run staff -- list
//
// With a terminal, `add` prints a one-time link to set the password (valid 48 hours). Without one
// (a script, a test), it reads the password from standard input.
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@facet/contracts/admin';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { addStaff, listStaff } from '../modules/staff/index.ts';

const USAGE = `Usage:
  npm run staff -- add <email> --role <${ROLES.join('|')}> [--name "Full name"]
  npm run staff -- list`;

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
  if (command !== 'add' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'add' && (!email || !values.role || !ROLES.includes(values.role as Role))) {
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
