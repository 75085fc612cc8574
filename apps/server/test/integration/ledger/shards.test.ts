import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { queryRows } from '../../../src/db/client.ts';
import { purchases } from '../../../src/db/schema.ts';
import { shardFor } from '../../../src/modules/ledger/index.ts';
import { newAdmin } from '../../helpers/admins.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

// The system accounts every purchase writes are kept as several rows, so that purchases of different customers
// do not queue on one row lock; a purchase's money stays in one row from hold to settle or refund.
describeEachDatabase('sharded system accounts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** the account rows each entry of a purchase moved, by entry kind */
  async function rowsOf(purchaseId: string) {
    const rows = await queryRows<{ kind: string; code: string }>(
      t.container.db,
      sql`select e.kind, a.code from ledger_lines l
          join ledger_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.reference like ${`purchase:${purchaseId}:%`} and a.owner_user_id is null order by e.created_at, a.code`,
    );
    return rows.map((row) => `${row.kind} ${row.code}`);
  }
  const shardOf = async (purchaseId: string) =>
    Number(
      (
        await queryRows<{ held_shard: number }>(
          t.container.db,
          sql`select held_shard from purchases where id = ${purchaseId}`,
        )
      )[0]?.held_shard,
    );
  const row = (account: string, shard: number) => (shard === 0 ? account : `${account}#${shard}`);

  it('holds, settles and refunds each purchase in its own shard of the accounts, spread over the shards', async () => {
    const { client } = await fundedCustomer(t, 50_000);
    const delivered = [];
    for (let i = 0; i < 24; i++) {
      const { purchase } = await buy(client, {
        serviceId: 'mtn',
        phone: '08011111111',
        amount: `${100 + i}`,
      });
      expect(purchase?.status).toBe('delivered');
      if (purchase) delivered.push(purchase);
    }
    const shards = await Promise.all(delivered.map((purchase) => shardOf(purchase.id)));
    expect(new Set(shards).size).toBeGreaterThan(4);
    for (const [i, purchase] of delivered.entries()) {
      const shard = shards[i] ?? -1;
      const moved = await rowsOf(purchase.id);
      const expected = [
        `purchase.hold ${row('held:purchases', shard)}`,
        `purchase.settle ${row('held:purchases', shard)}`,
        `purchase.settle ${row('provider:vtpass', shard)}`,
        // and the margin, when there is one
        ...(moved.length > 3 ? [`purchase.settle ${row('income:margin', shard)}`] : []),
      ];
      expect(moved.sort()).toEqual(expected.sort());
    }

    const { purchase: failed } = await buy(client, { serviceId: 'glo', phone: '08051234567', amount: '250' });
    expect(failed?.status).toBe('failed');
    const failedShard = await shardOf(failed?.id ?? '');
    expect(await rowsOf(failed?.id ?? '')).toEqual([
      `purchase.hold ${row('held:purchases', failedShard)}`,
      `purchase.refund ${row('held:purchases', failedShard)}`,
    ]);

    const { purchase: pending } = await buy(client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '300',
    });
    await resolvePending(t, pending);
    const pendingShard = await shardOf(pending?.id ?? '');
    await expect
      .poll(() => rowsOf(pending?.id ?? ''), { timeout: 10_000 })
      .toContain(`purchase.settle ${row('held:purchases', pendingShard)}`);

    // every shard of the held account is back to what it holds for open purchases: nothing here
    const held = await queryRows<{ code: string; balance: string }>(
      t.container.db,
      sql`select code, balance_kobo::text as balance from ledger_accounts where code like 'held:purchases%' and balance_kobo <> 0`,
    );
    expect(held).toEqual([]);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it("reports a sharded account's movements as the account's, whichever rows moved", async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '500' });
    const moves = await t.container.ledger.movementsByReference([
      `purchase:${purchase?.id}:hold`,
      `purchase:${purchase?.id}:settle`,
    ]);
    expect(Object.fromEntries(moves.get(`purchase:${purchase?.id}:hold`) ?? [])).toEqual({
      wallet: -50_000,
      'held:purchases': 50_000,
    });
    expect(moves.get(`purchase:${purchase?.id}:settle`)?.get('held:purchases')).toBe(-50_000);
  });

  it('refunds a purchase held before sharding from the first row of the held account, where its money is', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    // a hold as it was written before sharding: the first row, and no shard on the purchase
    const id = 'pur_before_sharding';
    // the shard a new purchase with this id would get is another row: the test tells them apart
    expect(shardFor(id)).not.toBe(0);
    await t.container.db.transaction(async (tx) => {
      const posted = await t.container.ledger.post(
        {
          reference: `purchase:${id}:hold`,
          kind: 'purchase.hold',
          memo: 'held before sharding',
          postings: [
            { from: { wallet: userId }, to: { system: 'held:purchases' }, amountKobo: kobo(20_000) },
          ],
        },
        tx,
      );
      await tx.insert(purchases).values({
        id,
        userId,
        requestId: 'before-sharding',
        requestHash: 'before-sharding',
        providerRequestId: `${purchase?.providerRequestId ?? ''}x`,
        channel: 'web',
        serviceId: 'mtn',
        phone: '08011111111',
        amountKobo: kobo(20_000),
        chargedKobo: kobo(20_000),
        status: 'pending',
        balanceAfterKobo: posted.walletBalances.get(userId),
      });
    });
    expect(await shardOf(id)).toBe(0);
    // VTpass has not called it failed, so the refund waits for a second admin, whose approval makes it
    const asked = await t.container.purchases.admin.refund(id, 'never reached VTpass', {
      id: null,
      label: 'test',
    });
    expect(asked.outcome).toBe('awaiting_approval');
    const checker = await newAdmin(t, 'Checker');
    await t.container.approvals.approve(asked.approval?.id ?? '', { id: checker.userId, label: 'checker' });
    expect(await t.container.purchases.admin.one(id)).toMatchObject({ status: 'failed' });
    expect(await rowsOf(id)).toEqual(['purchase.hold held:purchases', 'purchase.refund held:purchases']);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  if (kind === 'postgres') {
    it('an entry on one shard does not wait for a transaction that holds another shard locked', async () => {
      const held = { system: 'held:purchases' } as const;
      // two customers: their wallets are different rows, so only the held account could make them wait
      const customers = await Promise.all([signUp(t.app), signUp(t.app)]);
      for (const { userId } of customers)
        await t.container.ledger.adjustWallet({
          userId,
          direction: 'credit',
          amountKobo: kobo(1_000),
          reason: 'test funds',
          actor: 'test',
        });
      const entry = (customer: number, shard: number) => {
        const userId = customers[customer]?.userId ?? '';
        return t.container.ledger.post({
          reference: `test:${userId}:shard-${shard}`,
          kind: 'adjustment',
          memo: 'shard lock test',
          shard,
          postings: [{ from: { wallet: userId }, to: held, amountKobo: kobo(100) }],
        });
      };
      let stop = false;
      /** resolves when at least `count` statements wait on a row lock; polls until told to stop */
      const lockWaiters = async (count: number) => {
        for (let i = 0; i < 400 && !stop; i++) {
          const [waiting] = await queryRows<{ n: string }>(
            t.container.db,
            sql`select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number(waiting?.n) >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        if (!stop) throw new Error(`fewer than ${count} statements ever waited on a lock`);
      };

      let sameShard: Promise<unknown> = Promise.resolve();
      await t.container.db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from ledger_accounts where code = 'held:purchases#3' for update`);
        // the same shard waits: the lock is real
        sameShard = entry(0, 3);
        await lockWaiters(1);
        const outcome = await Promise.race([
          entry(1, 4).then(() => 'posted'),
          lockWaiters(2).then(() => 'waited'),
        ]);
        stop = true;
        expect(outcome).toBe('posted');
      });
      await sameShard;
      const balances = await t.container.ledger.getWalletBalances(
        customers.map((customer) => customer.userId),
      );
      expect([...balances.values()]).toEqual([900, 900]);
    });
  }
});
