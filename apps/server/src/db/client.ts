import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverDir } from '../server-dir.ts';
import * as schema from './schema.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A handle that runs queries: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/** Runs `work` in the caller's transaction when given one (so it commits with the caller's changes), else in its own. */
export function inTransaction<T>(
  db: Database,
  outer: Transaction | undefined,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return outer ? work(outer) : db.transaction(work);
}

/** How the job queue reaches the same database: its own pool on PostgreSQL, the shared client on PGlite. */
export type JobsConnection =
  | { connectionString: string }
  | { db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  jobsConnection: JobsConnection;
  /**
   * Calls `onNotify(payload)` for every NOTIFY on `channel`; resolves to a function that stops listening. A
   * dropped connection is made again with backoff; `onReconnect` then runs, as notifications may have been
   * missed meanwhile.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  /** NOTIFY `channel`: every process listening on it (this one included) gets `payload`. */
  notify: (channel: string, payload: string) => Promise<void>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(serverDir, 'drizzle');
// any fixed number: serialises migrations across processes that share one PostgreSQL
const MIGRATION_LOCK_KEY = 4_127_001;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  inMemory?: boolean;
  /** an embedded database in memory starts as this dump of a data directory (`dumpEmbedded`) */
  template?: Blob;
  /**
   * a new embedded data directory starts as this dump (a tarball, gzipped or not) instead of the one
   * `npm install` keeps (apps/server/scripts/embedded-dir.mjs)
   */
  templateFile?: string;
  /** the most connections the query pool opens on PostgreSQL (20 unless given) */
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 20)
    : openPglite(options);
}

/** PostgreSQL could not be reached, or refused the connection: the message says where, never the password. */
export class DatabaseConnectionError extends Error {
  override name = 'DatabaseConnectionError';
}

/** `host:port` (or the socket directory) and database of a connection string, for messages. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (decodeURIComponent(url.hostname) || 'localhost');
    const port = url.port || '5432';
    const database = decodeURIComponent(url.pathname.slice(1));
    return `${host.startsWith('/') ? host : `${host}:${port}`}${database ? `, database ${database}` : ''}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

function connectionFailure(databaseUrl: string, error: unknown): DatabaseConnectionError {
  const reason =
    error instanceof AggregateError && error.errors.length > 0
      ? error.errors.map((each: unknown) => (each instanceof Error ? each.message : String(each))).join('; ')
      : error instanceof Error
        ? error.message
        : String(error);
  return new DatabaseConnectionError(
    `Could not connect to PostgreSQL at ${describeDatabaseUrl(databaseUrl)}: ${reason || 'no reason given'}`,
    { cause: error },
  );
}

/**
 * PostgreSQL's default 128 MB of shared buffers is most of an idle embedded server's memory; one process on one
 * machine's page cache does well with far less (idle RSS of the bare database 402 → 276 MB, measured).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/** Creates a new data directory in a node process of its own (see the script for why). */
async function createPgliteDir(pgliteDir: string, templateFile: string | undefined): Promise<void> {
  const script = path.join(serverDir, 'scripts', 'embedded-dir.mjs');
  const args = [
    script,
    'create',
    pgliteDir,
    JSON.stringify(PGLITE_OPTIONS),
    ...(templateFile ? [templateFile] : []),
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${pgliteDir} failed (exit ${String(code)})`));
    });
  });
}

/** A copy of an embedded database's data directory, for `template`: tests start each database from a migrated one. */
export async function dumpEmbedded(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== 'pglite') throw new Error('only an embedded database can be dumped');
  return (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite({ ...PGLITE_OPTIONS, ...(options.template && { loadDataDir: options.template }) });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    try {
      const pgliteDir = path.join(options.dataDir, 'pglite');
      if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
        await createPgliteDir(pgliteDir, options.templateFile);
      client = new PGlite(pgliteDir, PGLITE_OPTIONS);
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
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
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

/**
 * drizzle's transactions run BEGIN before the try/finally that gives their client back (drizzle-orm#6241, open),
 * so a connection lost between the checkout and BEGIN kept its client checked out for good: in a database outage
 * a few of those and every later query waited for a client that never came back. A client taken with
 * `connect()` whose connection is lost while it is out now goes back at once, with the error, so the pool
 * destroys it; the holder's own later release is then a no-op.
 */
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // the callback form is the pool's own `query`, which gives its client back on a lost connection itself
    if (callback) {
      super.connect(callback);
      return;
    }
    return super.connect().then(givenBackWhenLost);
  }
}

function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    client.removeListener('error', onLost);
    if (released) return;
    released = true;
    release(error);
  };
  const onLost = (error: Error) => {
    giveBack(error);
  };
  client.once('error', onLost);
  client.release = giveBack;
  return client;
}

function openPostgres(databaseUrl: string, poolSize: number): DatabaseHandle {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // an idle client losing its connection must not take the process down
  pool.on('error', () => undefined);
  // nor one in use: the pool stops listening while a client is checked out (a transaction), and pg emits the
  // lost connection on the client as well as failing its query; the query's failure is the one that matters
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    jobsConnection: { connectionString: databaseUrl },
    listen: (channel, onNotify, onReconnect) =>
      listenWithReconnect(databaseUrl, channel, onNotify, onReconnect),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    migrate: async () => {
      // the process's first connection: a wrong address, password or certificate shows here
      const client = await pool.connect().catch((error: unknown) => {
        throw connectionFailure(databaseUrl, error);
      });
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

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** A LISTEN that outlives a database restart: a lost connection is made again, with backoff. */
async function listenWithReconnect(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delayMs = RECONNECT_FIRST_MS;

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (current === client) reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    delayMs = RECONNECT_FIRST_MS;
  };

  const reconnectLater = () => {
    current = undefined;
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          onReconnect?.();
        },
        () => {
          reconnectLater();
        },
      );
    }, delayMs);
    timer.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end();
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

/** The error PostgreSQL raised (code, constraint, table, column), under drizzle's wrapper; null for any other. */
export function databaseErrorOf(
  error: unknown,
): { code?: string; constraint?: string; table?: string; column?: string; message: string } | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && 'code' in cause
    ? (cause as { code?: string; constraint?: string; table?: string; column?: string; message: string })
    : null;
}
