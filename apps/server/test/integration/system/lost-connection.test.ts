import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { databaseKinds, openTestDatabase } from '../../helpers/database.ts';

describe.skipIf(!databaseKinds.includes('postgres'))('a connection lost while in use [postgres]', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  // pg emits a lost connection on the client; while a transaction holds it the pool listens no more, and an
  // 'error' nobody listens to is thrown from the socket's handler: the whole process would go down
  it('is reported to the work that holds it, not thrown at the process', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown) => thrown.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      await database.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid})`);
      await ended;
      await expect(client.query('select 1')).rejects.toThrow();
    } finally {
      client.release(true);
      process.removeListener('uncaughtException', onUncaught);
    }
    expect(thrown).toEqual([]);
    const alive = await pool.query<{ one: number }>('select 1 as one');
    expect(alive.rows).toEqual([{ one: 1 }]);
  });
});
