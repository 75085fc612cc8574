import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { paystackDedicatedAccountFeeKobo, paystackLocalFeeKobo } from './paystack.fees.ts';

describe('paystackLocalFeeKobo', () => {
  it.each([
    { name: 'NGN 50, no flat fee', amount: 5_000, fee: 75 },
    { name: 'NGN 1,000, no flat fee', amount: 100_000, fee: 1_500 },
    { name: 'NGN 2,499.99, percentage rounded up, no flat fee', amount: 249_999, fee: 3_750 },
    { name: 'NGN 2,500, flat fee added', amount: 250_000, fee: 13_750 },
    { name: 'NGN 10,000', amount: 1_000_000, fee: 25_000 },
    { name: 'NGN 126,666, just under the cap', amount: 12_666_600, fee: 199_999 },
    { name: 'NGN 126,666.66, reaching the cap', amount: 12_666_666, fee: 200_000 },
    { name: 'NGN 126,667, capped', amount: 12_666_700, fee: 200_000 },
    { name: 'NGN 1,000,000, capped', amount: 100_000_000, fee: 200_000 },
  ])('$name', ({ amount, fee }) => {
    expect(paystackLocalFeeKobo(kobo(amount))).toBe(fee);
  });
});

describe('paystackDedicatedAccountFeeKobo', () => {
  it.each([
    { name: 'NGN 100', amount: 10_000, fee: 100 },
    { name: 'NGN 1.01, rounded up', amount: 101, fee: 2 },
    { name: 'NGN 29,999.99, under the cap', amount: 2_999_999, fee: 30_000 },
    { name: 'NGN 30,000, at the cap', amount: 3_000_000, fee: 30_000 },
    { name: 'NGN 500,000, capped at NGN 300', amount: 50_000_000, fee: 30_000 },
  ])('$name', ({ amount, fee }) => {
    expect(paystackDedicatedAccountFeeKobo(kobo(amount))).toBe(fee);
  });
});
