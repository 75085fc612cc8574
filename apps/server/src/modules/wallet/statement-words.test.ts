import { describe, expect, it } from 'vitest';
import { purchaseSummary } from '@quickvend/shared/purchase-words';
import {
  describeEntry,
  noteOf,
  referentOf,
  type StatementEntry,
  type StatementFacts,
  type StatementPurchase,
} from './statement-words.ts';

const purchase = (values: Partial<StatementPurchase>): StatementPurchase => ({
  id: 'pur_1',
  userId: 'usr_ada',
  requestId: '202503121305-ab',
  kind: 'data',
  serviceId: 'mtn-data',
  serviceName: 'MTN Data',
  planName: 'MTN Data 1GB',
  phone: '08031234567',
  billersCode: null,
  subscriptionType: null,
  quantity: null,
  ...values,
});

const facts: StatementFacts = {
  purchases: new Map([
    ['pur_1', purchase({})],
    [
      'pur_tv',
      purchase({
        id: 'pur_tv',
        requestId: 'tv-1',
        kind: 'tv',
        serviceId: 'gotv',
        serviceName: 'GOtv',
        planName: 'GOtv Smallie',
        billersCode: '7034567890',
      }),
    ],
  ]),
  depositBanks: new Map([['mfr_1', 'GTBank']]),
  firstNames: new Map([['usr_ngozi', 'Ngozi']]),
  reversed: new Map([
    ['ent_card', { kind: 'funding.card', reference: 'funding:PAY-1', memo: 'Card payment' }],
  ]),
};

const entry = (kind: string, reference: string, memo = ''): StatementEntry => ({ kind, reference, memo });
const forCustomer = (line: StatementEntry) => describeEntry(line, facts, 'customer');
const forAdmin = (line: StatementEntry) => describeEntry(line, facts, 'admin');

describe('statement words', () => {
  it('names purchases, their refunds and recoveries by purchase-words, linked to the receipt', () => {
    const data = purchaseSummary(purchase({}));
    expect(data).toMatch(/^MTN .*1GB to 0803 123 4567$/);
    expect(forCustomer(entry('purchase.hold', 'purchase:pur_1:hold'))).toEqual({
      description: data,
      link: '/transactions/202503121305-ab',
    });
    expect(
      forCustomer(entry('purchase.refund', 'purchase:pur_1:refund', 'Refund: mtn-data 08031234567')),
    ).toEqual({ description: `Refund: ${data}`, link: '/transactions/202503121305-ab' });
    expect(forCustomer(entry('purchase.hold', 'purchase:pur_tv:hold')).description).toBe(
      'GOtv Smallie for smartcard 7034567890',
    );
    expect(
      forCustomer(
        entry(
          'provider-loss.recover',
          'provider-loss:plo_1:recover',
          'Recovered: purchase pur_1 delivered after its refund',
        ),
      ),
    ).toEqual({
      description: `Refund taken back: ${data} was delivered after all`,
      link: '/transactions/202503121305-ab',
    });
  });

  it('names fundings, rewards and adjustments in plain words, linked to where the customer sees them', () => {
    expect(forCustomer(entry('funding.card', 'funding:PAY-1'))).toEqual({
      description: 'Card payment',
      link: '/fund-wallet#payment-history-heading',
    });
    expect(forCustomer(entry('funding.transfer', 'funding:T-9'))).toEqual({
      description: 'Bank transfer',
      link: '/fund-wallet#payment-history-heading',
    });
    expect(forCustomer(entry('funding.manual', 'manual:mfr_1'))).toEqual({
      description: 'Manual deposit (GTBank)',
      link: '/fund-wallet#manual-heading',
    });
    expect(forCustomer(entry('referral.reward', 'referral:usr_ngozi:reward'))).toEqual({
      description: 'Referral reward: Ngozi',
      link: '/refer',
    });
    expect(forCustomer(entry('adjustment', 'adjustment:adj_1', 'Goodwill'))).toEqual({
      description: 'Adjustment by our team',
      link: null,
    });
    expect(forCustomer(entry('reversal', 'reversal:ent_card', 'Charged back'))).toEqual({
      description: 'Reversed: Card payment',
      link: '/fund-wallet#payment-history-heading',
    });
  });

  it('gives the back office its own links', () => {
    expect(forAdmin(entry('purchase.refund', 'purchase:pur_tv:refund')).link).toBe('/admin/purchases/pur_tv');
    expect(forAdmin(entry('funding.card', 'funding:PAY-1')).link).toBe('/admin/fundings?reference=PAY-1');
    expect(forAdmin(entry('funding.manual', 'manual:mfr_1')).link).toBe('/admin/fundings?reference=mfr_1');
    expect(forAdmin(entry('referral.reward', 'referral:usr_ngozi:reward')).link).toBe('/edit-user/usr_ngozi');
    expect(noteOf(entry('adjustment', 'adjustment:adj_1', 'Goodwill'))).toBe('Goodwill');
    expect(noteOf(entry('purchase.refund', 'purchase:pur_1:refund', 'Refund: mtn 0803'))).toBeNull();
  });

  it('reads a line whose reference or memo it cannot follow by its kind alone', () => {
    const unknown = [
      entry('purchase.hold', 'purchase:pur_gone:hold'),
      entry('purchase.refund', 'an old reference'),
      entry('provider-loss.recover', 'provider-loss:plo_1:recover', 'a memo in another shape'),
      entry('funding.manual', 'manual:mfr_gone', 'Manual deposit by Ada (Zenith)'),
      entry('referral.reward', 'referral:usr_gone:reward'),
      entry('reversal', 'reversal:ent_gone'),
      entry('something.new', 'new:1'),
    ];
    expect(unknown.map(forCustomer)).toEqual([
      { description: 'Purchase', link: null },
      { description: 'Refund of a purchase', link: null },
      { description: 'Refund taken back: the purchase was delivered after all', link: null },
      { description: 'Manual deposit', link: '/fund-wallet#manual-heading' },
      { description: 'Referral reward', link: '/refer' },
      { description: 'Correction by our team', link: null },
      { description: 'Wallet movement', link: null },
    ]);
  });

  it('reads the ids each kind of reference points at', () => {
    expect(referentOf(entry('purchase.settle', 'purchase:pur_1:settle'))).toEqual({ purchaseId: 'pur_1' });
    expect(referentOf(entry('funding.card', 'funding:PAY-1'))).toEqual({ paymentReference: 'PAY-1' });
    expect(referentOf(entry('funding.manual', 'manual:mfr_1'))).toEqual({ depositId: 'mfr_1' });
    expect(referentOf(entry('referral.reward', 'referral:usr_1:reward'))).toEqual({
      referredUserId: 'usr_1',
    });
    expect(referentOf(entry('reversal', 'reversal:ent_1'))).toEqual({ reversedEntryId: 'ent_1' });
    expect(referentOf(entry('adjustment', 'adjustment:adj_1'))).toEqual({});
  });
});
