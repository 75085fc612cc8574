import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, Transaction } from './client.ts';

// as drizzle reads them: timestamps and dates stay text until their column maps them
const RAW_TYPES = [pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE];
const driverTypes = new pg.TypeOverrides();
for (const type of RAW_TYPES) driverTypes.setTypeParser(type, (value: string) => value);
const pgliteRawTimestamps = Object.fromEntries(RAW_TYPES.map((type) => [type, (value: string) => value]));

/**
 * Runs a statement that runs on every purchase as a named statement: on PostgreSQL it is parsed and planned once
 * per connection instead of on every call. One name, one text: callers name a text by its hash. Outside any
 * transaction; rows come back as drizzle's own queries return them (timestamps as text).
 */
export function createPreparedRunner(db: Database) {
  const client: unknown = (db as { $client?: unknown }).$client;
  return async function run<T extends Record<string, unknown>>(
    name: string,
    text: string,
    values: unknown[],
  ): Promise<T[]> {
    if (client instanceof pg.Pool) {
      return (await client.query<T>({ name, text, values, types: driverTypes })).rows;
    }
    if (client instanceof PGlite) {
      return (await client.query<T>(text, values, { parsers: pgliteRawTimestamps })).rows;
    }
    throw new Error('statements run on PostgreSQL or PGlite only');
  };
}

export type PreparedRunner = ReturnType<typeof createPreparedRunner>;

/**
 * As `createPreparedRunner`, on the connection an open transaction holds, so a hot statement run inside
 * transactions is parsed and planned once per connection too. Reads drizzle's session of the transaction (not a
 * public API: checked by the ledger's write-path tests on both databases). @returns null on PGlite, which has
 * no named statements: the caller runs it as a plain query
 */
export async function runPreparedIn<T extends Record<string, unknown>>(
  tx: Transaction,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[] | null> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) return null;
  return (await client.query<T>({ name, text, values, types: driverTypes })).rows;
}
