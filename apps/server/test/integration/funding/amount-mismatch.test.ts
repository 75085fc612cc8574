import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { kobo } from '@quickvend/shared/money';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { systemClock } from '../../../src/lib/clock.ts';
import {
  createFundingService,
  type GatewayTransaction,
  type PaymentGateway,
} from '../../../src/modules/funding/index.ts';
import { createLedger } from '../../../src/modules/ledger/index.ts';
import { users } from '../../../src/db/schema.ts';
import { describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';

/** A gateway that reports whatever the test says was paid. */
function scriptedGateway(paid: () => Partial<GatewayTransaction>): PaymentGateway {
  return {
    publicKey: 'pk_test_scripted',
    initializeTransaction: ({ reference }) =>
      Promise.resolve({ reference, accessCode: 'ac', authorizationUrl: 'https://checkout.example/ac' }),
    verifyTransaction: (reference) =>
      Promise.resolve({
        reference,
        status: 'success',
        amountKobo: kobo(500_000),
        currency: 'NGN',
        channel: 'card',
        feesKobo: null,
        paidAt: new Date(),
        gatewayResponse: 'Successful',
        customerEmail: null,
        customerCode: null,
        receiverAccountNumber: null,
        senderName: null,
        payer: { name: null, bank: null, accountNumber: null, cardLast4: null },
        ...paid(),
      }),
    createDedicatedAccount: () => Promise.reject(new Error('not used')),
    deactivateDedicatedAccount: () => Promise.reject(new Error('not used')),
    isValidWebhookSignature: () => false,
    readWebhookEvent: () => ({ kind: 'ignored', key: 'x', event: 'x' }),
  };
}

describeEachDatabase('a payment that does not match what was initialised', (kind) => {
  let database: DatabaseHandle;
  let paid: Partial<GatewayTransaction> = {};
  const setup = () => {
    const ledger = createLedger(database.db);
    const funding = createFundingService({
      db: database.db,
      ledger,
      gateway: scriptedGateway(() => paid),
      jobs: { send: () => Promise.resolve(null) },
      clock: systemClock,
      appUrl: 'http://localhost:3000',
      minAmountKobo: () => Promise.resolve(kobo(10_000)),
      log: pino({ level: 'silent' }),
      requireConfirmedEmail: () => Promise.resolve(),
    });
    return { ledger, funding };
  };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['less money than initialised', { amountKobo: kobo(100) }],
    ['another currency', { currency: 'USD' }],
  ])('is held for review, not credited: %s', async (_label, reported) => {
    const { ledger, funding } = setup();
    const userId = `usr_${Math.random().toString(36).slice(2)}`;
    await database.db.insert(users).values({ id: userId, name: 'Payer', email: `${userId}@example.com` });
    const { payment } = await funding.startCardPayment(
      { id: userId, name: 'Payer', email: `${userId}@example.com` },
      { email: `${userId}@example.com`, amountKobo: kobo(500_000) },
    );
    paid = reported;
    const confirmed = await funding.confirmPaymentForUser(userId, payment.reference);
    expect(confirmed.status).toBe('review');
    expect(await ledger.getWalletBalance(userId)).toBe(0);
    expect(await funding.verify()).toEqual([]);

    paid = {};
    expect((await funding.confirmPaymentForUser(userId, payment.reference)).status).toBe('review');
    expect(await ledger.getWalletBalance(userId)).toBe(0);
  });
});
