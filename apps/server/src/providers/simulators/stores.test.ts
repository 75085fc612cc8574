import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { databaseKinds, openTestDatabase } from '../../../test/helpers/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  createDatabasePaystackStore,
  createMemoryPaystackStore,
  type PaystackStore,
} from './paystack/paystack-simulator.store.ts';
import type { SimTransaction } from './paystack/paystack-simulator.state.ts';
import { SERVICES_BY_ID } from './vtpass/vtpass-simulator.catalog.ts';
import {
  createDatabaseVtpassStore,
  createMemoryVtpassStore,
  type SaleDraft,
  type VtpassStore,
} from './vtpass/vtpass-simulator.store.ts';

// The same rules for a simulator alone in memory and for simulators sharing a database; on a database,
// concurrent callers (as processes would be) get one answer each.
const kinds = ['memory', ...databaseKinds] as const;

const mtn = SERVICES_BY_ID.get('mtn-data');
const plan = mtn?.variations[1] ?? null;

function draft(overrides: Partial<SaleDraft> = {}): SaleDraft {
  if (!mtn) throw new Error('no mtn-data in the catalogue');
  return {
    requestId: randomUUID(),
    service: mtn,
    variation: plan,
    phone: '08011111111',
    uniqueElement: '08011111111',
    quantity: 1,
    amountKobo: kobo(27_500),
    commissionBps: 200,
    commissionKobo: kobo(550),
    totalKobo: kobo(26_950),
    transactionId: `1700000000000${randomUUID().slice(0, 8)}`,
    status: 'delivered',
    createdAt: new Date('2026-03-10T10:02:57.123Z'),
    resolveAt: null,
    walletCreditId: null,
    extras: { purchased_code: '', z: 1, a: 2 },
    ...overrides,
  };
}

const rules = { duplicateKey: null, duplicateWindowMs: 30_000, debit: true };

describe.each(kinds)('simulator stores [%s]', (kind) => {
  let database: DatabaseHandle | undefined;
  let vtpass: VtpassStore;
  let paystack: PaystackStore;
  beforeAll(async () => {
    if (kind === 'memory') {
      vtpass = createMemoryVtpassStore();
      paystack = createMemoryPaystackStore();
    } else {
      database = await openTestDatabase(kind);
      vtpass = createDatabaseVtpassStore(database.db);
      paystack = createDatabasePaystackStore(database.db);
    }
    await vtpass.init(kobo(1_000_000));
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('VTpass', () => {
    it('keeps the float it has when initialised again, and takes a new one when set', async () => {
      await vtpass.setFloat(kobo(500_000));
      await vtpass.init(kobo(1_000_000));
      expect(await vtpass.floatKobo()).toBe(500_000);
    });

    it('records a sale once, and reads it back as it was given, with a product id', async () => {
      await vtpass.setFloat(kobo(1_000_000));
      const sale = draft();
      const outcome = await vtpass.recordSale(sale, rules);
      expect(outcome).toEqual({ recorded: { ...sale, productId: expect.any(Number) as number } });
      expect(await vtpass.findSale(sale.requestId)).toEqual('recorded' in outcome && outcome.recorded);
      expect(Object.keys((await vtpass.findSale(sale.requestId))?.extras ?? {})).toEqual([
        'purchased_code',
        'z',
        'a',
      ]);
      expect(await vtpass.hasSale(sale.requestId)).toBe(true);
      expect(await vtpass.recordSale({ ...draft(), requestId: sale.requestId }, rules)).toEqual({
        refused: 'exists',
      });
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_950);
      expect(await vtpass.hasSale(randomUUID())).toBe(false);
      expect(await vtpass.findSale(randomUUID())).toBeUndefined();
    });

    it('refuses a sale to the same number within the window, and records nothing for it', async () => {
      await vtpass.setFloat(kobo(1_000_000));
      const key = `mtn-data:${randomUUID()}`;
      const at = new Date('2026-03-10T10:00:00.000Z');
      const withKey = { ...rules, duplicateKey: key };
      expect(await vtpass.recordSale(draft({ createdAt: at }), withKey)).toHaveProperty('recorded');
      const soon = draft({ createdAt: new Date(at.getTime() + 29_999) });
      expect(await vtpass.recordSale(soon, withKey)).toEqual({ refused: 'duplicate' });
      expect(await vtpass.hasSale(soon.requestId)).toBe(false);
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_950);
      const later = draft({ createdAt: new Date(at.getTime() + 30_000) });
      expect(await vtpass.recordSale(later, withKey)).toHaveProperty('recorded');
    });

    it('refuses a sale the float cannot pay, and takes nothing from the float for a failed one', async () => {
      await vtpass.setFloat(kobo(30_000));
      const failed = draft({ status: 'failed' });
      expect(await vtpass.recordSale(failed, { ...rules, debit: false })).toHaveProperty('recorded');
      expect(await vtpass.floatKobo()).toBe(30_000);
      expect(await vtpass.recordSale(draft(), rules)).toHaveProperty('recorded');
      const short = draft();
      expect(await vtpass.recordSale(short, rules)).toEqual({ refused: 'low-float' });
      expect(await vtpass.hasSale(short.requestId)).toBe(false);
      expect(await vtpass.floatKobo()).toBe(30_000 - 26_950);
    });

    it('ends a pending sale once; a reversal credits the float back with a wallet credit id', async () => {
      await vtpass.setFloat(kobo(1_000_000));
      const first = draft({ status: 'pending', resolveAt: Date.parse('2026-03-10T10:03:17.123Z') });
      const second = draft({ status: 'pending' });
      await vtpass.recordSale(first, rules);
      await vtpass.recordSale(second, rules);
      expect(await vtpass.findSale(first.requestId)).toMatchObject({ resolveAt: first.resolveAt });
      expect(await vtpass.pendingRequestIds()).toEqual(
        expect.arrayContaining([first.requestId, second.requestId]),
      );

      expect(await vtpass.settle(first.requestId, 'delivered')).toMatchObject({
        status: 'delivered',
        resolveAt: null,
        walletCreditId: null,
      });
      expect(await vtpass.settle(first.requestId, 'reversed')).toBeUndefined();
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 2 * 26_950);

      const reversed = await vtpass.settle(second.requestId, 'reversed');
      expect(reversed).toMatchObject({ status: 'reversed', walletCreditId: expect.any(Number) as number });
      expect(reversed?.walletCreditId).toBeGreaterThanOrEqual(5_000_001);
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_950);
      expect(await vtpass.pendingRequestIds()).not.toContain(first.requestId);
      expect(await vtpass.pendingRequestIds()).not.toContain(second.requestId);
      expect(await vtpass.settle(randomUUID(), 'delivered')).toBeUndefined();
    });

    it('changes a sale after the fact or forgets it, the float following what it took', async () => {
      await vtpass.setFloat(kobo(1_000_000));
      const delivered = draft();
      const failed = draft({ status: 'failed' });
      await vtpass.recordSale(delivered, rules);
      await vtpass.recordSale(failed, { ...rules, debit: false });
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_950);

      const cheaper = await vtpass.alterSale(delivered.requestId, { totalKobo: kobo(26_000) });
      expect(cheaper).toMatchObject({ status: 'delivered', totalKobo: 26_000, commissionKobo: 1_500 });
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_000);
      const reversed = await vtpass.alterSale(delivered.requestId, { status: 'reversed' });
      expect(reversed).toMatchObject({ status: 'reversed', walletCreditId: expect.any(Number) as number });
      expect(await vtpass.findSale(delivered.requestId)).toEqual(reversed);
      expect(await vtpass.floatKobo()).toBe(1_000_000);

      const late = await vtpass.alterSale(failed.requestId, { status: 'delivered' });
      expect(late).toMatchObject({ status: 'delivered', walletCreditId: null });
      expect(await vtpass.floatKobo()).toBe(1_000_000 - 26_950);
      expect(await vtpass.forgetSale(failed.requestId)).toBe(true);
      expect(await vtpass.findSale(failed.requestId)).toBeUndefined();
      expect(await vtpass.floatKobo()).toBe(1_000_000);
      expect(await vtpass.forgetSale(failed.requestId)).toBe(false);
      expect(await vtpass.alterSale(randomUUID(), { status: 'delivered' })).toBeUndefined();
    });

    it('gives concurrent callers one answer each: one sale per request id, never more than the float', async () => {
      await vtpass.setFloat(kobo(5 * 26_950));
      const requestId = randomUUID();
      const same = await Promise.all(
        Array.from({ length: 6 }, () => vtpass.recordSale(draft({ requestId }), rules)),
      );
      expect(same.filter((outcome) => 'recorded' in outcome)).toHaveLength(1);
      const many = await Promise.all(Array.from({ length: 8 }, () => vtpass.recordSale(draft(), rules)));
      expect(many.filter((outcome) => 'recorded' in outcome)).toHaveLength(4);
      expect(await vtpass.floatKobo()).toBe(0);

      await vtpass.setFloat(kobo(1_000_000));
      const pending = draft({ status: 'pending' });
      await vtpass.recordSale(pending, rules);
      const settled = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          vtpass.settle(pending.requestId, i % 2 ? 'reversed' : 'delivered'),
        ),
      );
      expect(settled.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('Paystack', () => {
    const newEmail = () => `Ada.${randomUUID()}@Example.com`;

    function transaction(customerCode: string, overrides: Partial<SimTransaction> = {}) {
      return {
        reference: randomUUID(),
        accessCode: randomUUID().slice(0, 15),
        amount: kobo(250_000),
        callbackUrl: 'https://app.example.test/funding/callback',
        metadata: { z: 'last', a: 'first', purpose: 'wallet' },
        status: 'abandoned' as const,
        channel: 'card' as const,
        gatewayResponse: 'The transaction was not completed',
        paidAt: null,
        createdAt: '2026-03-10T10:02:57.123Z',
        fees: null,
        customerCode,
        authorization: {},
        cardAwaitingPin: null,
        ...overrides,
      };
    }

    it('keeps one customer per email; details given replace theirs and others stay', async () => {
      const email = newEmail();
      const made = await paystack.upsertCustomer(email, { firstName: 'Ada', metadata: { tier: 1 } });
      expect(made).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Ada',
        lastName: null,
        phone: null,
        metadata: { tier: 1 },
      });
      expect(made.code).toMatch(/^CUS_[a-z0-9]{15}$/);
      const again = await paystack.upsertCustomer(email.toUpperCase(), { lastName: 'Obi', phone: '0803' });
      expect(again).toMatchObject({
        id: made.id,
        code: made.code,
        firstName: 'Ada',
        lastName: 'Obi',
        phone: '0803',
        metadata: { tier: 1 },
        createdAt: made.createdAt,
      });
      expect(await paystack.upsertCustomer(email, { metadata: null })).toMatchObject({ metadata: null });
      for (const key of [made.code, email.toUpperCase(), String(made.id)]) {
        expect(await paystack.findCustomer(key)).toMatchObject({ code: made.code, lastName: 'Obi' });
      }
      expect(await paystack.findCustomer('CUS_nobody')).toBeUndefined();
    });

    it('opens one dedicated account per customer', async () => {
      const customer = await paystack.upsertCustomer(newEmail(), { firstName: 'Ada', lastName: 'Obi' });
      const opened = await Promise.all(
        Array.from({ length: 3 }, () =>
          paystack.openAccount(customer.code, 'QuickVend / Ada Obi', '2026-03-10T10:02:57.123Z'),
        ),
      );
      const [account] = opened;
      expect(account?.accountNumber).toMatch(/^\d{10}$/);
      expect(opened).toEqual([account, account, account]);
      expect(account).toMatchObject({
        accountName: 'QuickVend / Ada Obi',
        createdAt: '2026-03-10T10:02:57.123Z',
      });
      expect(await paystack.accountOf(customer.code)).toEqual(account);
      expect(await paystack.accountByNumber(account?.accountNumber ?? '')).toEqual(account);
      expect(await paystack.accountByNumber('0000000000x')).toBeUndefined();
    });

    it('stores a transaction once per reference and finds it by reference, access code and customer', async () => {
      const customer = await paystack.upsertCustomer(newEmail());
      const first = transaction(customer.code);
      const stored = await paystack.addTransaction(first);
      expect(stored).toEqual({ ...first, id: expect.any(Number) as number });
      expect(Object.keys(stored?.metadata as object)).toEqual(['z', 'a', 'purpose']);
      expect(
        await paystack.addTransaction({ ...transaction(customer.code), reference: first.reference }),
      ).toBe(undefined);
      const second = await paystack.addTransaction(transaction(customer.code, { metadata: 'plain text' }));
      expect(await paystack.transactionByReference(first.reference)).toEqual(stored);
      expect(await paystack.transactionByAccessCode(first.accessCode)).toEqual(stored);
      expect(await paystack.transactionsOf(customer.code)).toEqual([stored, second]);
      expect(second?.metadata).toBe('plain text');
      expect(await paystack.transactionByReference(randomUUID())).toBeUndefined();
    });

    it('saves checkout steps until the transaction is paid, and then no more', async () => {
      const customer = await paystack.upsertCustomer(newEmail());
      const tx = await paystack.addTransaction(transaction(customer.code));
      if (!tx) throw new Error('not stored');
      expect(await paystack.saveCheckout({ ...tx, cardAwaitingPin: '507850785078507812' })).toBe(true);
      expect(await paystack.transactionByReference(tx.reference)).toMatchObject({
        cardAwaitingPin: '507850785078507812',
      });
      const paid: SimTransaction = {
        ...tx,
        status: 'success',
        gatewayResponse: 'Successful',
        paidAt: '2026-03-10T10:05:00.456Z',
        fees: kobo(3_850),
        authorization: { authorization_code: 'AUTH_x', reusable: true },
        cardAwaitingPin: null,
      };
      const answers = await Promise.all([
        paystack.saveCheckout(paid),
        paystack.saveCheckout(paid),
        paystack.saveCheckout(paid),
      ]);
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await paystack.saveCheckout({ ...tx, status: 'failed', gatewayResponse: 'Declined' })).toBe(
        false,
      );
      expect(await paystack.transactionByReference(tx.reference)).toEqual(paid);
    });
  });
});
