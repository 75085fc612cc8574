import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError, describeDatabaseUrl, openDatabase, queryRows } from './client.ts';

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

  it('creates a new data directory (in a process of its own) that keeps what is written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-db-'));
    const first = await openDatabase({ dataDir });
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
