import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';

/**
 * Runs a page read (`where owner = $1 [and id < cursor] order by id desc limit n`) with sorting switched off, so
 * PostgreSQL walks the index that matches the ORDER BY and stops at the LIMIT. Left to its estimates, the planner
 * may instead fetch every row the owner has and sort them for each page: cheaper when it guesses the owner has
 * few rows, and a whole-history read (quadratic over an export) for one who has made thousands.
 */
export function readInIndexOrder<T>(db: Database, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return read(tx);
  });
}
