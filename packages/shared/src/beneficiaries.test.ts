import { describe, expect, it } from 'vitest';
import {
  beneficiaryKindOfService,
  beneficiaryOfPurchase,
  beneficiaryTexts,
  defaultBeneficiaryLabel,
  networkOfBeneficiary,
  readBeneficiaryNumber,
} from './beneficiaries.ts';

describe('the number a purchase was for', () => {
  it.each([
    [
      { serviceId: 'mtn', phone: '08031234567', billersCode: null },
      { kind: 'phone', number: '08031234567' },
    ],
    [
      { serviceId: 'glo-data', phone: '08051234567', billersCode: null },
      { kind: 'phone', number: '08051234567' },
    ],
    // the phone number is the Showmax account
    [
      { serviceId: 'showmax', phone: '08011111111', billersCode: '08011111111' },
      { kind: 'phone', number: '08011111111' },
    ],
    [
      { serviceId: 'dstv', phone: '08011111111', billersCode: '1212121212' },
      { kind: 'smartcard', number: '1212121212' },
    ],
    [
      {
        serviceId: 'ikeja-electric',
        phone: '08011111111',
        billersCode: '1111111111111',
        variationCode: 'prepaid',
      },
      { kind: 'meter', number: '1111111111111', meterType: 'prepaid' },
    ],
    [
      {
        serviceId: 'eko-electric',
        phone: '08011111111',
        billersCode: '1010101010101',
        variationCode: 'postpaid',
      },
      { kind: 'meter', number: '1010101010101', meterType: 'postpaid' },
    ],
    // a meter type the purchase does not name is not guessed
    [
      { serviceId: 'ikeja-electric', phone: '08011111111', billersCode: '1111111111111' },
      { kind: 'meter', number: '1111111111111' },
    ],
    [
      { serviceId: 'jamb', phone: '08011111111', billersCode: '0123456789', variationCode: 'utme' },
      { kind: 'profile', number: '0123456789' },
    ],
  ])('%o is %o', (purchase, expected) => {
    expect(beneficiaryOfPurchase(purchase)).toEqual({
      meterType: null,
      ...expected,
      serviceId: purchase.serviceId,
    });
  });

  it('is nothing for a WAEC PIN (only the buyer’s contact phone) or an unknown service', () => {
    expect(beneficiaryOfPurchase({ serviceId: 'waec', phone: '08011111111', billersCode: null })).toBeNull();
    expect(beneficiaryKindOfService('waec-registration')).toBeNull();
    expect(beneficiaryKindOfService('no-such-service')).toBeNull();
  });
});

describe('reading a number to save', () => {
  it('keeps a Nigerian phone in its national form, however it was typed', () => {
    expect(readBeneficiaryNumber('phone', '+234 803 123 4567')).toEqual({ number: '08031234567' });
    expect(readBeneficiaryNumber('phone', '0803123')).toEqual({ problem: beneficiaryTexts.invalidPhone });
  });

  it('takes cards, meters and profile IDs as digits without spaces', () => {
    expect(readBeneficiaryNumber('smartcard', '1212 121 212')).toEqual({ number: '1212121212' });
    expect(readBeneficiaryNumber('smartcard', '123456789')).toEqual({
      problem: beneficiaryTexts.invalidSmartcard,
    });
    expect(readBeneficiaryNumber('meter', '4570-0000-001')).toEqual({ number: '45700000001' });
    expect(readBeneficiaryNumber('meter', '12a456')).toEqual({ problem: beneficiaryTexts.invalidMeter });
    expect(readBeneficiaryNumber('profile', '12')).toEqual({ problem: beneficiaryTexts.invalidProfile });
  });

  it('accepts the provider’s sandbox scenario numbers only in the sandbox', () => {
    expect(readBeneficiaryNumber('phone', '201000000000', true)).toEqual({ number: '201000000000' });
    expect(readBeneficiaryNumber('phone', '201000000000')).toEqual({
      problem: beneficiaryTexts.invalidPhone,
    });
  });
});

describe('the name a number gets by itself', () => {
  it('names a phone after the network it was bought on, else the one its prefix says', () => {
    expect(
      defaultBeneficiaryLabel({ kind: 'phone', number: '08031234567', serviceId: 'glo', customerName: null }),
    ).toBe('GLO 0803 123 4567');
    expect(networkOfBeneficiary({ number: '08031234567', serviceId: 'showmax' })).toBe('mtn');
    expect(
      defaultBeneficiaryLabel({
        kind: 'phone',
        number: '08011111111',
        serviceId: 'showmax',
        customerName: null,
      }),
    ).toBe('0801 111 1111');
  });

  it('names a card, meter or profile after the verified customer, else what it is', () => {
    const meter = { kind: 'meter', number: '1111111111111', serviceId: 'ikeja-electric' } as const;
    expect(defaultBeneficiaryLabel({ ...meter, customerName: ' TESTMETER1 ' })).toBe('TESTMETER1');
    expect(defaultBeneficiaryLabel({ ...meter, customerName: null })).toBe('Ikeja meter 1111111111111');
    expect(
      defaultBeneficiaryLabel({
        kind: 'smartcard',
        number: '1212121212',
        serviceId: 'dstv',
        customerName: null,
      }),
    ).toBe('DSTV card 1212121212');
    expect(
      defaultBeneficiaryLabel({ kind: 'profile', number: '0123456789', serviceId: 'jamb', customerName: '' }),
    ).toBe('JAMB profile 0123456789');
    expect(
      defaultBeneficiaryLabel({ kind: 'meter', number: '1', serviceId: null, customerName: 'A'.repeat(60) }),
    ).toHaveLength(40);
  });
});
