import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, openDatabase } from '../src/db/client.ts';
import { createScratchDatabase } from './helpers/database.ts';

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
 * initdb and a migration of its own (that was most of the server tests' time). The migrations still run from
 * nothing wherever a test starts a real server on a fresh database (the browser journeys, the CLI and build
 * tests), and `npm run db:check` holds them to the schema.
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
  const postgresTemplate = testDatabaseUrl ? await createScratchDatabase(testDatabaseUrl) : null;
  if (postgresTemplate) {
    const database = await openDatabase({ databaseUrl: postgresTemplate.url, dataDir: '' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  }
  project.provide('postgresTemplate', postgresTemplate?.name ?? null);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
}
