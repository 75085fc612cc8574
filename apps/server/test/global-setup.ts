import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  // vitest's context is an interface so that callers can add to it, which a type cannot
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** a migrated embedded database's data directory, dumped: every embedded test database starts from it */
    embeddedTemplateFile: string;
    /** a migrated PostgreSQL database that every PostgreSQL test database is created from */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database of each kind before any test runs, so each test's database is a copy instead of an
 * initdb and a migration of its own (that was most of the server tests' time). The migrations themselves are
 * checked by `npm run db:check` and by the server's own start, which every process test goes through.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'qv-test-template-'));
  const embedded = await openDatabase({ dataDir: '', inMemory: true });
  try {
    await embedded.migrate();
    const file = path.join(folder, 'embedded.tar');
    writeFileSync(file, Buffer.from(await (await dumpEmbedded(embedded)).arrayBuffer()));
    project.provide('embeddedTemplateFile', file);
  } finally {
    await embedded.close();
  }

  const testDatabaseUrl = process.env['TEST_DATABASE_URL'];
  let postgresTemplate: string | null = null;
  if (testDatabaseUrl) {
    postgresTemplate = `qv_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(testDatabaseUrl, `create database ${postgresTemplate}`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (testDatabaseUrl && postgresTemplate) {
      await adminQuery(testDatabaseUrl, `drop database if exists ${postgresTemplate} with (force)`);
    }
  };
}

async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
