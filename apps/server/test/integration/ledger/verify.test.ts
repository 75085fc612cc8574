import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';

describeEachDatabase('ledger verification finds what is wrong', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports a drifted balance, a success with no credit and a credit with no success', async () => {
    const { client, email, userId } = await signUp(t.app);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(1_000),
      reason: 'x',
      actor: 't',
    });
    expect((await t.container.ledger.verify()).problems).toEqual([]);

    await t.container.db.execute(
      sql`update ledger_accounts set balance_kobo = balance_kobo + 1 where owner_user_id = ${userId}`,
    );
    expect((await t.container.ledger.verify()).problems).toEqual([
      expect.stringMatching(/^account wallet:usr_\w+ holds 1001 but its lines sum to 1000$/),
    ]);

    const paid = await startCardPayment(client, email, '500');
    await payOnCheckout(t, paid.checkout.authorizationUrl, SUCCESS_CARD);
    await client.post('/api/v1/funding/card/confirm', { reference: paid.payment.reference });
    const unpaid = await startCardPayment(client, email, '700');
    await t.container.db.execute(
      sql`update payments set status = 'pending' where reference = ${paid.payment.reference}`,
    );
    await t.container.db.execute(
      sql`update payments set status = 'success' where reference = ${unpaid.payment.reference}`,
    );
    expect(await t.container.funding.verify()).toEqual(
      expect.arrayContaining([
        `payment ${paid.payment.reference} is pending but the wallet was credited 50000`,
        `payment ${unpaid.payment.reference} succeeded for 70000 but the wallet got nothing`,
      ]),
    );
  });
});
