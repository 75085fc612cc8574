import { mkdtempSync } from 'node:fs';
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
});
