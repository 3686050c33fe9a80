import { timeQuery } from '../metrics.ts';
// Named (prepared) statements for the few statements a hot route runs on every request, on either
// engine, inside a transaction or not.
//
// PostgreSQL keeps a named statement per connection: node-postgres sends its text once, then only
// its name and values, and the server skips parsing and planning. PGlite's query() has no names: it
// parses and plans every statement, and a write transaction's statements are most of its time (a
// three-table look-up: 0.46 ms unnamed, 0.13 ms named). So on PGlite the statement is prepared once
// through the wire protocol and then bound and executed by name, under PGlite's own locks.
import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { getTableColumns, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { joinBytes } from '../bytes.ts';

type Rows<T> = Promise<T[]>;
/** What runs a named statement for one database (the drizzle object and its transactions). */
type Runner = <T>(db: DbOrTx, name: string, text: string, values: unknown[]) => Rows<T>;

// Drizzle gives a transaction the same dialect object as its database: the key from either to its runner.
const runners = new WeakMap<object, Runner>();
const dialectOf = (db: DbOrTx) => (db as unknown as { dialect: object }).dialect;
const clientOf = (db: DbOrTx) => (db as unknown as { session: { client: unknown } }).session.client;

/** Runs `text` as the named statement `name` on `db` (a database opened by openDatabase, or a transaction of it). */
export function named<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Rows<T> {
  const run = runners.get(dialectOf(db));
  if (!run) throw new Error('named statements: this database was not opened by openDatabase');
  return run<T>(db, name, text, values);
}

/**
 * A query Drizzle builds, run as a named statement: Drizzle still writes the SQL, the database
 * parses and plans it once. The name carries a digest of the text, since one builder can write
 * several (an insert of two lines is not the text of one). With `table`, the rows come back keyed
 * and typed as Drizzle's own `returning()` gives them.
 */
export async function namedQuery<T = unknown>(
  db: DbOrTx,
  prefix: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
  table?: Table,
): Promise<T[]> {
  const { sql, params } = query.toSQL();
  const name = `${prefix}_${createHash('sha1').update(sql).digest('base64url').slice(0, 10)}`;
  const rows = await named<Record<string, unknown>>(db, name, sql, params);
  if (!table) return rows as T[];
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    // The drivers already give dates and JSON as values; what still arrives as text goes through
    // the column's own mapping (a timestamp Drizzle reads as text, say).
    for (const [key, col] of columns) {
      const v = row[col.name];
      out[key] = typeof v === 'string' ? col.mapFromDriverValue(v) : v;
    }
    return out as T;
  });
}

/** A name stands for one text, on every connection (node-postgres only notices on a connection that has it). */
function oneText(texts: Map<string, string>, name: string, text: string) {
  const known = texts.get(name);
  if (known === undefined) texts.set(name, text);
  else if (known !== text) throw new Error(`named statement ${name}: one name, two texts`);
}

export function registerPostgres(db: DbOrTx) {
  const texts = new Map<string, string>();
  runners.set(dialectOf(db), async <T>(on: DbOrTx, name: string, text: string, values: unknown[]) => {
    oneText(texts, name, text);
    // The pool outside a transaction, the transaction's own connection inside one.
    const client = clientOf(on) as { query: (q: object) => Promise<{ rows: T[] }> };
    return (await client.query({ name, text, values })).rows;
  });
}

export function registerPglite(db: DbOrTx, client: PGlite) {
  const { serialize } = protocol;
  // Parameter types of each statement prepared on this database.
  const statements = new Map<string, { types: number[] }>();
  const texts = new Map<string, string>();
  const exec = async <T>(name: string, text: string, values: unknown[]): Rows<T> => {
    oneText(texts, name, text);
    let statement = statements.get(name);
    if (!statement) {
      const { messages } = await client.execProtocol(
        joinBytes([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      const described = messages.find((m) => m.name === 'parameterDescription') as
        { dataTypeIDs: number[] } | undefined;
      statement = { types: described?.dataTypeIDs ?? [] };
      statements.set(name, statement);
    }
    const types = statement.types;
    // As PGlite's query() does: each value through the serializer of its parameter's type.
    const params = values.map((v, i) => {
      if (v == null) return null;
      const to = client.serializers[types[i]!];
      return to ? (to(v) as string) : String(v);
    });
    const { messages } = await timeQuery('pglite', () =>
      client.execProtocol(
        joinBytes([
          serialize.bind({ statement: name, values: params }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      ),
    );
    return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
  };
  runners.set(dialectOf(db), async <T>(on: DbOrTx, name: string, text: string, values: unknown[]) => {
    // Inside a transaction, which already holds PGlite's transaction lock: take the query lock only.
    if (clientOf(on) !== client) return client._runExclusiveQuery(() => exec<T>(name, text, values));
    // Outside one, wait for any open transaction to end (else the statement would run inside it),
    // and write through to the data directory as query() does.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const rows = await exec<T>(name, text, values);
        await client.syncToFs();
        return rows;
      }),
    );
  });
}
