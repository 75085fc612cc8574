import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  getTableColumns,
  Param,
  Placeholder,
  sql,
  type AnyColumn,
  type DriverValueEncoder,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
    listen: (channel, onNotify, onReconnect) =>
      listenWithReconnect(databaseUrl, channel, onNotify, onReconnect),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
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

const dialect = new PgDialect();
// as drizzle reads them: timestamps and dates stay text until their column maps them
const RAW_TYPES = [pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE];
const driverTypes = new pg.TypeOverrides();
for (const type of RAW_TYPES) driverTypes.setTypeParser(type, (value: string) => value);
const pgliteRawTimestamps = Object.fromEntries(RAW_TYPES.map((type) => [type, (value: string) => value]));

type RenderedStatement = { name: string; text: string; params: unknown[] };

/** Each parameter slot with this call's value; a column's mapping applies to values, never to null. */
function fillSlots(params: readonly unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((param) => {
    const encoder = param instanceof Param ? (param.encoder as DriverValueEncoder<unknown, unknown>) : null;
    const slot: unknown = param instanceof Param ? param.value : param;
    if (!(slot instanceof Placeholder)) return slot;
    const { name } = slot as Placeholder;
    if (!(name in values)) throw new Error(`No value for ${name}`);
    const value = values[name];
    if (value === null || value === undefined) return null;
    return encoder ? encoder.mapToDriverValue(value) : value;
  });
}

/**
 * Statements that run on every purchase, rendered once per shape and then only filled in: `build` uses
 * `sql.placeholder(name)` for every value that differs between calls of one shape. On PostgreSQL each is a
 * named statement, parsed and planned once per connection instead of on every call.
 */
export function createStatementRunner(db: Database) {
  const client: unknown = (db as { $client?: unknown }).$client;
  const rendered = new Map<string, RenderedStatement>();

  function render(shape: string, build: () => SQL): RenderedStatement {
    const known = rendered.get(shape);
    if (known) return known;
    const { sql: text, params } = dialect.sqlToQuery(build());
    // one text, one name: a name PostgreSQL has already prepared never gets another text
    const name = `qv_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    const statement = { name, text, params };
    rendered.set(shape, statement);
    return statement;
  }

  return async function run<T extends Record<string, unknown>>(
    shape: string,
    build: () => SQL,
    values: Record<string, unknown>,
  ): Promise<T[]> {
    const { name, text, params } = render(shape, build);
    const filled = fillSlots(params, values);
    if (client instanceof pg.Pool) {
      return (await client.query<T>({ name, text, values: filled, types: driverTypes })).rows;
    }
    if (client instanceof PGlite) {
      return (await client.query<T>(text, filled, { parsers: pgliteRawTimestamps })).rows;
    }
    throw new Error('statements run on PostgreSQL or PGlite only');
  };
}

export type StatementRunner = ReturnType<typeof createStatementRunner>;

/** A row a raw query returned (database column names, driver values) as drizzle would have returned it. */
export function fromDriverRow<T extends Table>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped;
}

/** The placeholder `name`, filled in as `column` maps its values (see `createStatementRunner`). */
export const slotFor = (column: AnyColumn, name: string): SQL =>
  sql`${sql.param(sql.placeholder(name), column)}`;

/**
 * `insert into <table> (…) select … from <source> returning *`: one row, written only when `source` (a CTE of the
 * same statement) yields one. Each of `columns` takes the placeholder of its own name; `computed` sets columns
 * from the source's row.
 */
export function insertFrom<T extends Table>(
  table: T,
  columns: readonly (keyof T['$inferInsert'] & string)[],
  source: SQL,
  computed: Partial<Record<keyof T['$inferInsert'], SQL>>,
): SQL {
  const byKey = getTableColumns(table) as Record<string, AnyColumn>;
  const names: SQL[] = [];
  const selected: SQL[] = [];
  const slots = columns.flatMap((key) => (byKey[key] ? [[key, slotFor(byKey[key], key)] as const] : []));
  for (const [key, value] of [...slots, ...Object.entries(computed)]) {
    const column = byKey[key];
    if (!column || !value) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    selected.push(value);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from ${source} returning *`;
}

/** The error PostgreSQL raised (code, constraint, table), under drizzle's wrapper; null for any other error. */
export function databaseErrorOf(
  error: unknown,
): { code?: string; constraint?: string; table?: string } | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && 'code' in cause
    ? (cause as { code?: string; constraint?: string; table?: string })
    : null;
}
