import { describe, expect, it } from 'vitest';
import type { PurchaseWordsInput } from './purchase-words.ts';
import { planWithBrand, purchaseSummary, recipientOf, whatOf, withoutPriceSuffix } from './purchase-words.ts';

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
