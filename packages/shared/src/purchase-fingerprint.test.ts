import { describe, expect, it } from 'vitest';
import { purchaseFingerprint } from './purchase-fingerprint.ts';

describe('purchaseFingerprint', () => {
  it('is the text whose hash the server has kept beside every requestId', () => {
    expect(purchaseFingerprint({ serviceId: 'mtn', phone: '08031234567', amount: 500 })).toBe(
      '["mtn","08031234567","500",null,null,null,null]',
    );
    expect(
      purchaseFingerprint({
        serviceId: 'ikeja-electric',
        phone: '08031234567',
        amount: '2000',
        billersCode: '45031234567',
        variationCode: 'prepaid',
        type: 'prepaid',
      }),
    ).toBe('["ikeja-electric","08031234567","2000","prepaid","45031234567",null,null,"prepaid"]');
  });

  it('takes spaces in the phone and a number or text amount as the same purchase', () => {
    const fingerprint = purchaseFingerprint({ serviceId: 'mtn', phone: '0803 123 4567', amount: '500' });
    expect(fingerprint).toBe(purchaseFingerprint({ serviceId: 'mtn', phone: '08031234567', amount: 500 }));
  });

  it('tells apart purchases that differ in anything bought', () => {
    const base = {
      serviceId: 'dstv',
      phone: '08031234567',
      billersCode: '7034567890',
      variationCode: 'compact',
    };
    const fingerprints = [
      base,
      { ...base, serviceId: 'gotv' },
      { ...base, phone: '08031234568' },
      { ...base, amount: 100 },
      { ...base, billersCode: '7034567891' },
      { ...base, variationCode: 'padi' },
      { ...base, subscriptionType: 'renew' as const },
      { ...base, quantity: 2 },
      { ...base, type: 'postpaid' },
    ].map(purchaseFingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});
