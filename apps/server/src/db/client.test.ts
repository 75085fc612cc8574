import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, testPostgresAddress } from '../../test/helpers/database.ts';
import { startTcpProxy } from '../../test/helpers/net.ts';
import { serverDir } from '../server-dir.ts';
import {
  DatabaseConnectionError,
  describeDatabaseUrl,
  dumpEmbedded,
  openDatabase,
  queryRows,
} from './client.ts';

describe('the embedded database', () => {
  it('keeps small shared buffers, on disk and in memory, so an idle server stays light', async () => {
    const onDisk = await openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'qv-db-')) });
    const inMemory = await openDatabase({ dataDir: '', inMemory: true });
    try {
      for (const handle of [onDisk, inMemory]) {
        expect(await queryRows(handle.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
        // the usual start parameters still hold
        expect(await queryRows(handle.db, sql`show search_path`)).toEqual([{ search_path: 'public' }]);
      }
    } finally {
      await onDisk.close();
      await inMemory.close();
    }
  });

  it('creates a new data directory with initdb when there is no template, and it keeps what is written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-db-'));
    const first = await openDatabase({ dataDir, templateFile: path.join(dataDir, 'no-template.tar.gz') });
    try {
      await first.db.execute(sql`create table kept (note text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      expect(await queryRows(again.db, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('starts a new data directory as a copy of its template', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'qv-db-'));
    const templateFile = path.join(folder, 'template.tar');
    const source = await openDatabase({ dataDir: '', inMemory: true });
    try {
      await source.db.execute(sql`create table kept (note text)`);
      await source.db.execute(sql`insert into kept values ('from the template')`);
      writeFileSync(templateFile, Buffer.from(await (await dumpEmbedded(source)).arrayBuffer()));
    } finally {
      await source.close();
    }
    const dataDir = path.join(folder, 'data');
    const copy = await openDatabase({ dataDir, templateFile });
    try {
      expect(await queryRows(copy.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
      await copy.db.execute(sql`insert into kept values ('in the copy')`);
    } finally {
      await copy.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      expect(await queryRows(again.db, sql`select note from kept order by note`)).toEqual([
        { note: 'from the template' },
        { note: 'in the copy' },
      ]);
    } finally {
      await again.close();
    }
  });

  it('keeps, at npm install, a template that a new data directory starts from', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'qv-db-'));
    const templateFile = path.join(folder, 'template.tar.gz');
    const script = path.join(serverDir, 'scripts', 'embedded-dir.mjs');
    const made = spawnSync(process.execPath, [script, 'template', templateFile]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const copy = await openDatabase({ dataDir: path.join(folder, 'data'), templateFile });
    try {
      expect(await queryRows(copy.db, sql`select current_database() as name`)).toEqual([
        { name: 'postgres' },
      ]);
    } finally {
      await copy.close();
    }
  });

  it('says when a new data directory cannot be created, and leaves it unlocked', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-db-'));
    // a file where the database's folder goes
    writeFileSync(path.join(dataDir, 'pglite'), '');
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /creating the embedded database in .*pglite failed/,
    );
    rmSync(path.join(dataDir, 'pglite'));
    const handle = await openDatabase({ dataDir });
    await handle.close();
  });
});

describe('PostgreSQL', () => {
  it('opens the query pool at the size asked for, 20 unless given', async () => {
    const databaseUrl = 'postgres://quickvend@127.0.0.1:9/quickvend';
    for (const [poolSize, max] of [
      [undefined, 20],
      [5, 5],
    ] as const) {
      const handle = await openDatabase({ databaseUrl, dataDir: '', ...(poolSize && { poolSize }) });
      try {
        expect((handle.db as unknown as { $client: pg.Pool }).$client.options.max).toBe(max);
      } finally {
        await handle.close();
      }
    }
  });

  it('names the host and database it could not reach, never the password', async () => {
    const handle = await openDatabase({
      databaseUrl: 'postgres://quickvend:hunter2-password@127.0.0.1:9/quickvend',
      dataDir: '',
    });
    try {
      const failure = handle.migrate();
      await expect(failure).rejects.toThrow(DatabaseConnectionError);
      await expect(failure).rejects.toThrow(
        /^Could not connect to PostgreSQL at 127\.0\.0\.1:9, database quickvend: connect ECONNREFUSED/,
      );
    } finally {
      await handle.close();
    }
  });

  it.each([
    ['postgres://u:p@db.example.net/shop', 'db.example.net:5432, database shop'],
    ['postgresql://u@[::1]:6432/shop', '[::1]:6432, database shop'],
    ['postgres:///shop?host=/var/run/postgresql', '/var/run/postgresql, database shop'],
    ['postgres://u@localhost', 'localhost:5432'],
  ])('describes %s as %s', (databaseUrl, described) => {
    expect(describeDatabaseUrl(databaseUrl)).toBe(described);
  });
});

describe.skipIf(!databaseKinds.includes('postgres'))(
  'a connection lost as a transaction begins [postgres]',
  () => {
    it('gives its client back to the pool, so later queries do not wait for it', async () => {
      const proxy = await startTcpProxy(testPostgresAddress());
      const database = await openTestDatabase('postgres', { connectThrough: proxy.address(), poolSize: 1 });
      try {
        await database.ping();
        proxy.cut();
        // the pool still counts its one client as idle, so the transaction takes it and its BEGIN is what fails
        await expect(database.db.transaction(() => Promise.resolve())).rejects.toThrow();
        expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
        await proxy.stop();
      }
    });
  },
);
