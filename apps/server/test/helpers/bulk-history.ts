import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.ts';

/**
 * A long history written straight into the tables, for tests and benches that need thousands of rows fast:
 * `count` web purchases of ₦`amountKobo`/100 that failed and were refunded, each as the purchase flow leaves it
 * (the purchase row; a hold and a refund entry, each of a wallet line and a `held:purchases` line; the
 * "failed: refunded" notice). Every entry sums to zero and moves the wallet and the held account back where
 * they were, so balances, `balance_after` and `ledger:verify` stay true. The wallet must already exist and
 * hold at least `amountKobo`. Lines are numbered in purchase order, the newest purchase last.
 */
export async function seedFailedPurchases(
  db: Database,
  userId: string,
  options: { count: number; amountKobo?: number },
): Promise<{ purchaseIds: string[] }> {
  const { count } = options;
  const amount = options.amountKobo ?? 10_000;
  const tag = randomBytes(4).toString('hex');
  const [wallet] = await queryRows<{ id: string; balance: string }>(
    db,
    sql`select id, balance_kobo::text as balance from ledger_accounts where owner_user_id = ${userId}`,
  );
  if (!wallet || Number(wallet.balance) < amount)
    throw new Error('the customer needs a wallet holding the amount first');
  const [held] = await queryRows<{ balance: string }>(
    db,
    sql`select balance_kobo::text as balance from ledger_accounts where id = 'held:purchases'`,
  );
  const walletBalance = Number(wallet.balance);
  const heldBalance = Number(held?.balance ?? 0);
  // ids sort like the app's (prefix, then time order), after every id the app made before
  const idOf = sql`'pur_zz' || ${tag} || lpad(g::text, 8, '0')`;
  await db.execute(sql`
    insert into purchases (id, user_id, request_id, request_hash, provider_request_id, channel, service_id, phone,
      amount_kobo, charged_kobo, status, message, created_at, updated_at, finalized_at)
    select ${idOf}, ${userId}, ${tag} || '-' || g, 'bulk', ${tag} || '-provider-' || g, 'web', 'mtn', '08031234567',
      ${amount}::bigint, ${amount}::bigint, 'failed', 'The provider could not complete this purchase.',
      now() + g * interval '1 millisecond', now() + g * interval '1 millisecond',
      now() + g * interval '1 millisecond'
    from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into ledger_entries (id, reference, kind, memo, created_at)
    select 'ent_zz' || ${tag} || lpad(g::text, 8, '0') || step,
      'purchase:' || ${idOf} || ':' || step,
      'purchase.' || step,
      case step when 'hold' then 'MTN airtime for 08031234567' else 'Refund: MTN airtime for 08031234567' end,
      now() + g * interval '1 millisecond'
    from generate_series(1, ${count}::int) g cross join (values ('hold'), ('refund')) as steps(step)`);
  await db.execute(sql`
    insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo, created_at)
    select 'ent_zz' || ${tag} || lpad(g::text, 8, '0') || step, account_id, amount_kobo, balance_after_kobo,
      now() + g * interval '1 millisecond'
    from generate_series(1, ${count}::int) g cross join (values
      (1, 'hold', ${wallet.id}::text, ${-amount}::bigint, ${walletBalance - amount}::bigint),
      (2, 'hold', 'held:purchases', ${amount}::bigint, ${heldBalance + amount}::bigint),
      (3, 'refund', 'held:purchases', ${-amount}::bigint, ${heldBalance}::bigint),
      (4, 'refund', ${wallet.id}::text, ${amount}::bigint, ${walletBalance}::bigint)
    ) as lines(position, step, account_id, amount_kobo, balance_after_kobo)
    order by g, position`);
  await seedNotices(db, userId, { count, tag });
  // the planner sees the history as a busy server would after autovacuum's next look
  await db.execute(sql`analyze purchases, ledger_entries, ledger_lines`);
  return {
    purchaseIds: Array.from({ length: count }, (_, i) => `pur_zz${tag}${String(i + 1).padStart(8, '0')}`),
  };
}

/** `count` unread "failed: refunded" notices, newest last, as `seedFailedPurchases` leaves them (without it). */
export async function seedNotices(
  db: Database,
  userId: string,
  options: { count: number; tag?: string },
): Promise<void> {
  const tag = options.tag ?? randomBytes(4).toString('hex');
  await db.execute(sql`
    insert into notifications (id, user_id, category, event_key, title, body, link, created_at)
    select 'ntf_zz' || ${tag} || lpad(g::text, 8, '0'), ${userId}, 'purchases',
      'purchase:pur_zz' || ${tag} || lpad(g::text, 8, '0') || ':refunded', 'MTN airtime failed: refunded',
      'Your money is back in your wallet.', '/transactions', now() + g * interval '1 millisecond'
    from generate_series(1, ${options.count}::int) g`);
  // the planner sees the history as a busy server would after autovacuum's next look
  await db.execute(sql`analyze notifications`);
}
