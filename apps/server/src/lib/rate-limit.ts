import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** At most `max` counted attempts per `key` in each window of `windowSeconds`. */
export type RateRule = { key: string; max: number; windowSeconds: number };

/** Gives one counted attempt back (for limits that count only failures: call it when the attempt succeeded). */
export type GiveBack = () => Promise<void>;

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Rate limits kept in the database, so every server process spends one allowance. Each attempt is counted
 * first and refused when a limit is spent (so concurrent attempts can never slip past it); an attempt that
 * turns out not to be what the limit is for (a correct password) is given back.
 */
export function createRateLimiter(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** @throws RATE_LIMITED (details.retryAfterSeconds) when any rule's allowance is spent */
  async function consume(rules: readonly RateRule[]): Promise<GiveBack> {
    const sorted = [...new Map(rules.map((rule) => [rule.key, rule])).values()].sort((a, b) =>
      a.key < b.key ? -1 : 1,
    );
    if (sorted.length === 0) return () => Promise.resolve();
    const now = clock.now();
    // keys are locked in one order, so two attempts that share keys never deadlock
    const rows = await queryRows<{ key: string; hits: number; resets_at: Date | string }>(
      db,
      sql`insert into rate_limit_counters (key, hits, resets_at)
        select key, 1, ${now.toISOString()}::timestamptz + window_seconds * interval '1 second'
        from unnest(${sql.param(sorted.map((r) => r.key))}::text[], ${sql.param(sorted.map((r) => r.windowSeconds))}::int[])
          as attempt(key, window_seconds)
        order by key
        on conflict (key) do update set
          hits = case when rate_limit_counters.resets_at <= ${now.toISOString()}::timestamptz
            then 1 else rate_limit_counters.hits + 1 end,
          resets_at = case when rate_limit_counters.resets_at <= ${now.toISOString()}::timestamptz
            then excluded.resets_at else rate_limit_counters.resets_at end
        returning key, hits, resets_at`,
    );
    const keys = sorted.map((rule) => rule.key);
    const giveBack: GiveBack = async () => {
      await db.execute(
        sql`update rate_limit_counters set hits = hits - 1
          where key = any(${sql.param(keys)}::text[]) and hits > 0 and resets_at > ${now.toISOString()}::timestamptz`,
      );
    };
    let retryAfterMs = 0;
    for (const row of rows) {
      const rule = sorted.find((r) => r.key === row.key);
      if (rule && row.hits > rule.max) {
        retryAfterMs = Math.max(retryAfterMs, new Date(row.resets_at).getTime() - now.getTime());
      }
    }
    if (retryAfterMs > 0) {
      // a refused attempt was never tried: it must not spend the other limits (an account's, from elsewhere)
      await giveBack();
      throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, {
        retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
      });
    }
    let givenBack = false;
    return async () => {
      if (givenBack) return;
      givenBack = true;
      await giveBack();
    };
  }

  /** Counts one attempt; gives it back when `attempt` succeeds, so only failures spend the allowance. */
  async function countFailures<T>(rules: readonly RateRule[], attempt: () => Promise<T>): Promise<T> {
    const giveBack = await consume(rules);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      // our own trouble (the database away) is no failed attempt of theirs
      if (!(error instanceof AppError) || error.statusCode >= 500) await giveBack().catch(() => undefined);
      throw error;
    }
    await giveBack();
    return result;
  }

  /** Drops counters whose window ended over an hour ago. */
  async function prune(): Promise<void> {
    const cutoff = new Date(clock.now().getTime() - 60 * 60 * 1000);
    await db.execute(
      sql`delete from rate_limit_counters where resets_at < ${cutoff.toISOString()}::timestamptz`,
    );
  }

  return { consume, countFailures, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
