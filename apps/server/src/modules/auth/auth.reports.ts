import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from './auth.tables.ts';

/** What reports read of accounts: when customers signed up, and nothing about who they are. */
export function createAuthReportQueries(db: Database) {
  return {
    /** When each customer (not admin) who signed up from `from` (included) to `to` (excluded) did. */
    async listSignUpTimes(range: { from: Date; to: Date }): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(
          and(
            eq(users.role, 'user'),
            isNull(users.testOf),
            gte(users.createdAt, range.from),
            lt(users.createdAt, range.to),
          ),
        );
      return rows.map((row) => row.createdAt);
    },
  };
}

export type AuthReportQueries = ReturnType<typeof createAuthReportQueries>;
