import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  checkMeterForm,
  checkShowmaxForm,
  checkSmartCard,
  checkTvForm,
  type TvForm,
} from './bills.ts';
import { messages } from './messages.ts';
import { kobo } from './money.ts';

const m = messages.purchase;
const form = (fields: Partial<TvForm> = {}): TvForm => ({
  smartCard: '1212121212',
  phone: '08031234567',
  subscriptionType: 'change',
  planAmountKobo: 440_000,
  hasPlanChoice: true,
  ...fields,
});

describe('checkTvForm: DSTV', () => {
  it.each([
    ['no smartcard', { smartCard: '' }, m.allFieldsRequired],
    ['no phone', { phone: '' }, m.allFieldsRequired],
    ['no bouquet', { hasPlanChoice: false, planAmountKobo: null }, m.allFieldsRequired],
    ['a 9-digit card', { smartCard: '123456789' }, m.smartCardLength],
    ['a 12-digit card', { smartCard: '123456789012' }, m.smartCardLength],
    ['a card with letters', { smartCard: '12345678AB' }, m.smartCardLength],
    ['a phone starting 06', { phone: '06031234567' }, m.invalidNigerianPhone],
    ['a phone with 2 after the prefix digit', { phone: '08231234567' }, m.invalidNigerianPhone],
    ['a 10-digit phone', { phone: '0803123456' }, m.invalidNigerianPhone],
    ['a bouquet not on sale', { planAmountKobo: null }, m.invalidBouquetSelected],
    ['a bouquet with no price', { planAmountKobo: 0 }, m.invalidBouquetSelected],
  ])('refuses %s', (_name, fields, message) => {
    expect(checkTvForm('dstv', form(fields))).toBe(message);
  });

  it.each([
    ['a 10-digit card', {}],
    ['an 11-digit card and a 09 phone', { smartCard: '12121212121', phone: '09131234567' }],
    [
      'a renewal without a bouquet',
      { subscriptionType: 'renew', hasPlanChoice: false, planAmountKobo: null },
    ],
  ] as const)('accepts %s', (_name, fields) => {
    expect(checkTvForm('dstv', form(fields))).toBeNull();
  });

  it('accepts the sandbox scenario numbers as cards only in sandbox mode', () => {
    expect(checkTvForm('dstv', form({ smartCard: '201000000000' }), true)).toBeNull();
    expect(checkTvForm('dstv', form({ smartCard: '201000000000' }))).toBe(m.smartCardLength);
  });
});

describe('checkTvForm: GOtv', () => {
  it.each([
    ['an 11-digit card', { smartCard: '12121212121' }, m.invalidSmartCard],
    ['a 9-digit card', { smartCard: '121212121' }, m.invalidSmartCard],
    ['a bouquet not on sale', { planAmountKobo: null }, m.invalidBouquet],
    ['a bouquet with no price', { planAmountKobo: 0 }, m.invalidAmount],
    ['no bouquet', { hasPlanChoice: false }, m.allFieldsRequired],
  ])('refuses %s', (_name, fields, message) => {
    expect(checkTvForm('gotv', form(fields))).toBe(message);
  });

  it('does not check the phone format, as before', () => {
    expect(checkTvForm('gotv', form({ phone: '12345' }))).toBeNull();
  });
});

describe('checkTvForm: StarTimes', () => {
  it.each([
    ['a 9-digit card', { smartCard: '121212121' }, m.invalidSmartCard],
    ['a 10-digit phone', { phone: '0803123456' }, m.invalidPhoneFormat],
    ['an 11-digit phone not starting 0', { phone: '18031234567' }, m.invalidPhoneFormat],
    ['a bouquet not on sale', { planAmountKobo: null }, m.invalidBouquet],
  ])('refuses %s', (_name, fields, message) => {
    expect(checkTvForm('startimes', form(fields))).toBe(message);
  });

  it('accepts cards of 10 or more digits', () => {
    expect(checkTvForm('startimes', form({ smartCard: '0123456789012' }))).toBeNull();
  });
});

describe('checkSmartCard: what a card must look like before the provider is asked', () => {
  it("says each service's own words", () => {
    expect(checkSmartCard('dstv', '12345')).toBe(messages.purchase.smartCardLength);
    expect(checkSmartCard('dstv', '123456789012')).toBe(messages.purchase.smartCardLength);
    expect(checkSmartCard('dstv', '1212 1212 12')).toBeNull();
    expect(checkSmartCard('dstv', '12121212121')).toBeNull();
    expect(checkSmartCard('gotv', '12121212121')).toBe(messages.purchase.invalidSmartCard);
    expect(checkSmartCard('startimes', '123456789')).toBe(messages.purchase.invalidSmartCard);
    expect(checkSmartCard('startimes', '123456789012')).toBeNull();
  });

  it('lets the sandbox scenario numbers through only in sandbox mode', () => {
    expect(checkSmartCard('gotv', '201000000000', true)).toBeNull();
    expect(checkSmartCard('gotv', '201000000000')).toBe(messages.purchase.invalidSmartCard);
  });
});

describe('checkShowmaxForm', () => {
  it.each([
    ['no phone', { phone: '' }, m.allFieldsRequired],
    ['no plan', { hasPlanChoice: false }, m.allFieldsRequired],
    ['a 10-digit phone', { phone: '0801111111' }, m.invalidPhone],
    ['a 12-digit phone', { phone: '080111111112' }, m.invalidPhone],
    ['a plan not on sale', { planAmountKobo: null }, m.invalidPlanOrAmount],
  ])('refuses %s', (_name, fields, message) => {
    const base = { phone: '08011111111', hasPlanChoice: true, planAmountKobo: 350_000 };
    expect(checkShowmaxForm({ ...base, ...fields })).toBe(message);
  });
});

describe('checkMeterForm', () => {
  it.each([
    ['no meter', { meterNumber: '' }, m.allFieldsRequired],
    ['no meter type', { meterType: '' }, m.allFieldsRequired],
    ['no distributor', { serviceId: '' }, m.allFieldsRequired],
    ['letters in the meter', { meterNumber: '1111-1111' }, messages.bills.meterDigitsOnly],
    ['an unknown meter type', { meterType: 'smart' }, messages.bills.meterTypeRequired],
  ])('refuses %s', (_name, fields, message) => {
    const base = { meterNumber: '1111111111111', meterType: 'prepaid', serviceId: 'ikeja-electric' };
    expect(checkMeterForm({ ...base, ...fields })).toBe(message);
  });

  it('accepts a meter written with spaces', () => {
    expect(
      checkMeterForm({ meterNumber: '1111 1111 1111 1', meterType: 'postpaid', serviceId: 'eko-electric' }),
    ).toBeNull();
  });
});

describe('applyDiscount', () => {
  it.each([
    ['1% of ₦19,000', 1_900_000, 100, 19_000],
    ['1% of ₦0.99 rounds down to nothing', 99, 100, 0],
    ['1% of ₦1,234.56 rounds down to the kobo', 123_456, 100, 1_234],
    ['1.5% of ₦333.33', 33_333, 150, 499],
    ['no rule', 500_000, 0, 0],
  ])('%s', (_name, amount, bps, discount) => {
    expect(applyDiscount(kobo(amount), bps)).toEqual({
      discountKobo: discount,
      chargedKobo: amount - discount,
    });
  });
});
