import { and, eq, inArray, sql } from 'drizzle-orm';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { queryRows, type Executor, type Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { apiKeyDailySpend, apiKeys } from './partners.tables.ts';

/** One purchase's share of a key's spend: the key, the Lagos calendar day it counts in, and what it charged. */
export type KeySpendEntry = { keyId: string; day: string; amountKobo: Kobo };

/**
 * A key's spend per Lagos day, exact across processes: the day's row is raised by one conditional statement
 * that holds its row lock to the end of the purchase's transaction, so concurrent purchases queue on it and
 * each sees the spend the one before left.
 */
export function createKeySpend() {
  /**
   * Adds the purchase to its key's spend of the day, inside the purchase's hold transaction.
   * @throws FORBIDDEN when that would take the day's spend over the key's limit (nothing is written)
   */
  async function spend(tx: Transaction, entry: KeySpendEntry): Promise<void> {
    const rows = await queryRows<{ spent_kobo: string | number }>(
      tx,
      sql`insert into api_key_daily_spend as spend (key_id, day, spent_kobo)
        select k.id, ${entry.day}::date, ${entry.amountKobo}::bigint from api_keys k
        where k.id = ${entry.keyId}
          and (k.daily_limit_kobo is null or ${entry.amountKobo}::bigint <= k.daily_limit_kobo)
        on conflict (key_id, day) do update set spent_kobo = spend.spent_kobo + excluded.spent_kobo
        where spend.spent_kobo + excluded.spent_kobo <= coalesce(
          (select daily_limit_kobo from api_keys where id = excluded.key_id), 9223372036854775807)
        returning spend.spent_kobo`,
    );
    if (rows.length > 0) return;
    const [key] = await tx
      .select({ limit: apiKeys.dailyLimitKobo })
      .from(apiKeys)
      .where(eq(apiKeys.id, entry.keyId));
    if (!key) throw new Error(`no api key ${entry.keyId} for a purchase`);
    const [spent] = await tx
      .select({ spentKobo: apiKeyDailySpend.spentKobo })
      .from(apiKeyDailySpend)
      .where(and(eq(apiKeyDailySpend.keyId, entry.keyId), eq(apiKeyDailySpend.day, entry.day)));
    const limitKobo = key.limit ?? kobo(0);
    const spentKobo = kobo(Number(spent?.spentKobo ?? 0));
    throw new AppError('FORBIDDEN', partnerLimitTexts.dailyLimit(limitKobo, spentKobo), {
      limit: 'dailySpend',
      dailyLimitKobo: limitKobo,
      spentTodayKobo: spentKobo,
    });
  }

  /** Gives a refunded purchase's spend back to its key's day, inside the refund's transaction. */
  async function giveBack(tx: Transaction, entry: KeySpendEntry): Promise<void> {
    await tx
      .update(apiKeyDailySpend)
      .set({ spentKobo: sql`${apiKeyDailySpend.spentKobo} - ${entry.amountKobo}` })
      .where(and(eq(apiKeyDailySpend.keyId, entry.keyId), eq(apiKeyDailySpend.day, entry.day)));
  }

  /** What each of these keys has spent on `day`; a key that spent nothing is missing. */
  async function spentOn(executor: Executor, keyIds: readonly string[], day: string) {
    if (keyIds.length === 0) return new Map<string, Kobo>();
    const rows = await executor
      .select({ keyId: apiKeyDailySpend.keyId, spentKobo: apiKeyDailySpend.spentKobo })
      .from(apiKeyDailySpend)
      .where(and(inArray(apiKeyDailySpend.keyId, [...keyIds]), eq(apiKeyDailySpend.day, day)));
    return new Map(rows.map((row) => [row.keyId, kobo(Number(row.spentKobo))]));
  }

  return { spend, giveBack, spentOn };
}

export type KeySpend = ReturnType<typeof createKeySpend>;
