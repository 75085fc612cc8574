import { describe, expect, it } from 'vitest';
import { ESCALATED_MESSAGE } from './messages/purchase.ts';
import type { PurchaseWordsInput } from './purchase-words.ts';
import {
  asSentence,
  confirmerOf,
  credentialNameOf,
  discountNoteOf,
  heldText,
  paidPhraseOf,
  pendingPromiseOf,
  planWithBrand,
  pricePaidKobo,
  purchaseSummary,
  recipientOf,
  sentences,
  whatOf,
  withoutPriceSuffix,
} from './purchase-words.ts';

describe('planWithBrand', () => {
  it('names the brand once', () => {
    expect(planWithBrand('GOtv', 'GOtv Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('GOtv', 'GOtv GOtv Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('GOtv', 'Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('DSTV', 'DStv Compact')).toBe('DStv Compact');
    expect(planWithBrand('', 'DStv DStv  Compact')).toBe('DStv Compact');
    expect(planWithBrand('MTN', 'MTN 1GB')).toBe('MTN 1GB');
  });

  it('keeps a plan that only starts like the brand', () => {
    expect(planWithBrand('GO', 'GOtv Max')).toBe('GO GOtv Max');
    expect(planWithBrand('Showmax', 'Mobile')).toBe('Showmax Mobile');
    expect(planWithBrand('GOtv', '')).toBe('GOtv');
  });
});

describe('withoutPriceSuffix', () => {
  it('drops the price a provider puts at the end of a plan name', () => {
    expect(withoutPriceSuffix('DStv Compact N19,000')).toBe('DStv Compact');
    expect(withoutPriceSuffix('GOtv Smallie - ₦1,900.00')).toBe('GOtv Smallie');
    expect(withoutPriceSuffix('MTN 1GB - 30 days')).toBe('MTN 1GB - 30 days');
    expect(withoutPriceSuffix('N1000')).toBe('N1000');
  });
});

const base: PurchaseWordsInput = {
  kind: 'data',
  serviceId: 'mtn-data',
  serviceName: 'MTN Data',
  planName: 'MTN Data 1GB',
  phone: '08031234567',
  billersCode: null,
  subscriptionType: null,
  quantity: null,
};

describe('purchaseSummary', () => {
  it('names each kind of purchase once, with whom it was for', () => {
    expect(purchaseSummary({ ...base, planName: 'MTN 1GB - 30 days' })).toBe(
      'MTN 1GB - 30 days to 0803 123 4567',
    );
    expect(purchaseSummary({ ...base, kind: 'airtime', serviceId: 'mtn', planName: null })).toBe(
      'MTN Airtime to 0803 123 4567',
    );
    expect(
      purchaseSummary({
        ...base,
        kind: 'tv',
        serviceId: 'dstv',
        serviceName: 'DSTV Subscription',
        planName: 'DStv Padi N4,400',
        billersCode: '7034567890',
        subscriptionType: 'change',
      }),
    ).toBe('DStv Padi for smartcard 7034567890');
    expect(
      purchaseSummary({
        ...base,
        kind: 'tv',
        serviceId: 'showmax',
        serviceName: 'Showmax',
        planName: 'Showmax Mobile - 1 Month',
        phone: '08011111111',
        billersCode: '08011111111',
      }),
    ).toBe('Showmax Mobile - 1 Month for 0801 111 1111');
    expect(
      purchaseSummary({
        ...base,
        kind: 'electricity',
        serviceId: 'ikeja-electric',
        serviceName: 'Ikeja Electric Prepaid',
        planName: null,
        billersCode: '1111111111111',
      }),
    ).toBe('Ikeja Electric Prepaid for meter 1111111111111');
    expect(
      purchaseSummary({
        ...base,
        kind: 'education',
        serviceId: 'waec',
        serviceName: 'WAEC Result Checker PIN',
        planName: 'WAEC Result Checker PIN',
        quantity: 2,
      }),
    ).toBe('WAEC Result Checker × 2 for 0803 123 4567');
  });

  it('labels the number as the customer knows it', () => {
    expect(recipientOf({ ...base, kind: 'tv', serviceId: 'gotv', billersCode: '7012345678' })).toEqual({
      label: 'Smartcard number',
      value: '7012345678',
    });
    expect(
      whatOf({ ...base, kind: 'tv', serviceId: 'gotv', planName: 'GOtv Max', subscriptionType: 'renew' }),
    ).toBe('GOtv Max (renewal)');
  });
});

describe('whatOf a renewal', () => {
  it('drops the price a renewal carries before its mark, and says renewal once', () => {
    expect(
      whatOf({
        ...base,
        kind: 'tv',
        serviceId: 'dstv',
        planName: 'DStv Compact N19,000 (renewal)',
        subscriptionType: 'renew',
      }),
    ).toBe('DStv Compact (renewal)');
  });

  it('names the kind of JAMB PIN', () => {
    expect(
      purchaseSummary({
        ...base,
        kind: 'education',
        serviceId: 'jamb',
        serviceName: 'JAMB PIN',
        planName: 'UTME PIN (with mock)',
        billersCode: '0123456789',
      }),
    ).toBe('JAMB UTME PIN (with mock) for profile 0123456789');
  });
});

const money = { kind: 'tv' as const, amountKobo: 440_000, chargedKobo: 435_600, refundedKobo: 0 };

describe('the money of a purchase', () => {
  it('says what the wallet paid, and the plan price and discount beside it only when there was one', () => {
    expect(paidPhraseOf(money)).toBe('₦4,356.00 (₦4,400.00 plan, 1% off)');
    expect(paidPhraseOf({ ...money, kind: 'electricity', amountKobo: 100_000, chargedKobo: 99_000 })).toBe(
      '₦990.00 (₦1,000.00 value, 1% off)',
    );
    expect(paidPhraseOf({ kind: 'airtime', amountKobo: 50_000, chargedKobo: 50_000, refundedKobo: 0 })).toBe(
      '₦500.00',
    );
    expect(
      discountNoteOf({ kind: 'airtime', amountKobo: 50_000, chargedKobo: 50_000, refundedKobo: 0 }),
    ).toBe(null);
    // a markup is no discount: only what was paid
    expect(paidPhraseOf({ ...money, chargedKobo: 450_000 })).toBe('₦4,500.00');
  });

  it('names the percentage only when a whole rule gives the price, rounded as sold', () => {
    // ₦999.99 at 1% off sells for ₦990.00 (the discount rounds down to the kobo)
    expect(discountNoteOf({ ...money, amountKobo: 99_999, chargedKobo: 99_000 })).toBe(
      '₦999.99 plan, 1% off',
    );
    expect(discountNoteOf({ ...money, amountKobo: 440_000, chargedKobo: 437_800 })).toBe(
      '₦4,400.00 plan, 0.5% off',
    );
    expect(discountNoteOf({ ...money, amountKobo: 440_000, chargedKobo: 430_001 })).toBe(
      '₦4,400.00 plan, ₦99.99 off',
    );
  });

  it('takes a failed purchase’s price from its refund, not from a charge of nothing', () => {
    const failed = { ...money, chargedKobo: 0, refundedKobo: 435_600 };
    expect(pricePaidKobo(failed)).toBe(435_600);
    expect(paidPhraseOf(failed)).toBe('₦4,356.00 (₦4,400.00 plan, 1% off)');
  });
});

describe('a pending purchase’s promise', () => {
  const pending = {
    kind: 'airtime' as const,
    serviceId: 'mtn',
    message: 'We are confirming this purchase with the provider.',
    // 12:31 in Lagos
    resolveBy: '2026-03-12T11:31:40.000Z',
  };

  it('says by when, and that our team takes up what the provider has still not answered then', () => {
    expect(pendingPromiseOf(pending)).toBe(
      'Delivered or refunded by 12:31, usually within a few minutes. If the network has still not answered by then, our team takes it up and tells you.',
    );
    expect(pendingPromiseOf({ ...pending, kind: 'tv', serviceId: 'dstv', resolveBy: null })).toBe(
      'Delivered or refunded, usually within a few minutes. If DSTV does not answer, our team takes it up and tells you.',
    );
    expect(pendingPromiseOf({ ...pending, message: ESCALATED_MESSAGE })).toBe(ESCALATED_MESSAGE);
  });

  it('says the money is held while the provider is asked', () => {
    expect(heldText(confirmerOf({ kind: 'electricity', serviceId: 'ikeja-electric' }), 99_000)).toBe(
      'We are confirming with your distributor; your ₦990.00 is held, not spent.',
    );
    expect(heldText('the network', 50_000, 'MTN Airtime to 0803 123 4567')).toBe(
      'We are confirming MTN Airtime to 0803 123 4567 with the network; your ₦500.00 is held, not spent.',
    );
  });
});

describe('sentences', () => {
  it('ends each part once', () => {
    expect(sentences('Print your slip.', 'Your PIN: 1234', '', null, 'Done!')).toBe(
      'Print your slip. Your PIN: 1234. Done!',
    );
    expect(asSentence('  slip. ')).toBe('slip.');
  });
});

describe('credentialNameOf', () => {
  const pins = [
    { serial: 'S1', pin: '1111' },
    { serial: 'S2', pin: '2222' },
  ];
  it('names a token or the exam PINs', () => {
    const input = { kind: 'education' as const, serviceId: 'waec', serviceName: 'WAEC Result Checker PIN' };
    expect(credentialNameOf({ ...input, token: null, pins })).toBe('WAEC Result Checker PINs');
    expect(
      credentialNameOf({
        ...input,
        serviceId: 'jamb',
        serviceName: 'JAMB PIN',
        token: null,
        pins: pins.slice(0, 1),
      }),
    ).toBe('JAMB PIN');
    expect(
      credentialNameOf({
        kind: 'electricity',
        serviceId: 'ikeja-electric',
        serviceName: 'Ikeja Electricity',
        token: '1234',
        pins: null,
      }),
    ).toBe('Ikeja Electricity token');
    expect(credentialNameOf({ ...input, token: null, pins: null })).toBe(null);
  });
});
