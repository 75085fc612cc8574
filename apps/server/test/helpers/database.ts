import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const testDatabaseUrl = process.env['TEST_DATABASE_URL'];

if (process.env['CI'] && !testDatabaseUrl) {
  throw new Error('CI must run the database tests on PostgreSQL too: set TEST_DATABASE_URL.');
}

/** The databases every database test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds)
    describe(`${name} [${kind}]`, () => {
      suite(kind);
    });
}

/** Where the test PostgreSQL server listens. */
export function testPostgresAddress(): { host: string; port: number } {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(testDatabaseUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

/**
 * A new database on the server of `serverUrl`, empty or a copy of `template`; `drop` removes it even while
 * clients are connected.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `qv_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

let embeddedTemplate: Blob | undefined;

/**
 * A fresh, migrated database: an in-memory PGlite, or a new database on the test PostgreSQL server.
 * `connectThrough` makes the app reach that PostgreSQL at another address (a proxy in front of it); the
 * database is still made and dropped directly. `poolSize` bounds the app's pool there.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { connectThrough?: { host: string; port: number }; poolSize?: number } = {},
): Promise<DatabaseHandle> {
  // both start as copies of a database the global set-up migrated (test/global-setup.ts)
  if (kind === 'pglite') {
    embeddedTemplate ??= new Blob([readFileSync(inject('embeddedTemplateFile'))]);
    return openDatabase({ dataDir: '', inMemory: true, template: embeddedTemplate });
  }
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = inject('postgresTemplate');
  if (!template) throw new Error('the global set-up made no PostgreSQL template');
  const scratch = await createScratchDatabase(testDatabaseUrl, { template });
  const url = new URL(scratch.url);
  if (options.connectThrough) {
    url.hostname = options.connectThrough.host;
    url.port = String(options.connectThrough.port);
  }
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    ...(options.poolSize && { poolSize: options.poolSize }),
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
