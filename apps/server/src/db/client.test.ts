import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('the embedded database', () => {
  it('keeps small shared buffers, on disk and in memory, so an idle server stays light', async () => {
    const onDisk = await openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'qv-db-')) });
    const inMemory = await openDatabase({ dataDir: '', inMemory: true });
    try {
      for (const handle of [onDisk, inMemory]) {
        const shown = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
        expect(shown.rows).toEqual([{ shared_buffers: '16MB' }]);
        // the usual start parameters still hold
        const path_ = await handle.db.execute<{ search_path: string }>(sql`show search_path`);
        expect(path_.rows).toEqual([{ search_path: 'public' }]);
      }
    } finally {
      await onDisk.close();
      await inMemory.close();
    }
  });
});
