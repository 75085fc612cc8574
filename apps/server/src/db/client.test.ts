import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

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
