import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A handle that runs queries: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/** How the job queue reaches the same database: its own pool on PostgreSQL, the shared client on PGlite. */
export type JobsConnection =
  | { connectionString: string }
  | { db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  jobsConnection: JobsConnection;
  /** Calls `onNotify(payload)` for every NOTIFY on `channel`; resolves to a function that stops listening. */
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// any fixed number: serialises migrations across processes that share one PostgreSQL
const MIGRATION_LOCK_KEY = 4_127_001;

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string; inMemory?: boolean };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    try {
      client = new PGlite(path.join(options.dataDir, 'pglite'));
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite's own query and exec wait for any open transaction, so this path cannot interleave with drizzle's
    jobsConnection: {
      db: {
        executeSql: async (text, values = []) =>
          values.length === 0
            ? { rows: (await client.exec(text)).flatMap((result) => result.rows) }
            : await client.query(text, values),
      },
    },
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // an idle client losing its connection must not take the process down
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    jobsConnection: { connectionString: databaseUrl },
    listen: async (channel, onNotify) => {
      const listener = new pg.Client({ connectionString: databaseUrl });
      listener.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      // a dropped listener connection only stops live updates; pages still read fresh data on load
      listener.on('error', () => undefined);
      await listener.connect();
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await listener.end();
      };
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(
  executor: Executor,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}
