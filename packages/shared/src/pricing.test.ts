import { describe, expect, it } from 'vitest';
import { applyDiscount } from './bills.ts';
import { kobo } from './money.ts';
import {
  costOf,
  defaultServiceBps,
  isApprovalNeeded,
  quote,
  ruleInWords,
  ruleProblem,
  sellingPrice,
  type PriceRule,
  type TargetedPriceRule,
} from './pricing.ts';

const bps = (value: number, allowLoss = false): PriceRule => ({ mode: 'bps', bps: value, allowLoss });
const fixed = (value: number, allowLoss = false): PriceRule => ({
  mode: 'fixed',
  fixedPriceKobo: kobo(value),
  allowLoss,
});

describe('sellingPrice', () => {
  it.each([
    ['no rule: the face value', 1_900_000, null, 1_900_000],
    ['1% off ₦19,000', 1_900_000, bps(-100), 1_881_000],
    ['1% off ₦0.99 takes nothing off (never more than the rule)', 99, bps(-100), 99],
    ['1% off ₦1,234.56 rounds to the whole kobo, up', 123_456, bps(-100), 122_222],
    ['2.5% on ₦333.33 rounds the markup up', 33_333, bps(250), 34_167],
    ['0.01% on ₦1.00 adds a whole kobo', 100, bps(1), 101],
    ['no change at 0 bps', 50_000, bps(0), 50_000],
    ['a fixed price ignores the face value', 1_900_000, fixed(1_850_000), 1_850_000],
    ['99.99% off ₦1,000 still costs a kobo', 100_000, bps(-9_999), 10],
  ])('%s', (_name, face, rule, price) => {
    expect(sellingPrice(kobo(face), rule)).toBe(price);
  });

  it.each([99, 100, 101, 123_456, 1_900_000, 4_999_999, 33_333])(
    'gives what the spec’s 1%% discount gave for %i kobo',
    (face) => {
      expect(sellingPrice(kobo(face), bps(-100))).toBe(applyDiscount(kobo(face), 100).chargedKobo);
    },
  );
});

describe('costOf', () => {
  it.each([
    ['1.5% of ₦1,850 (the provider’s example: ₦1,822.25)', 185_000, 150, 182_225],
    ['a commission rounds down, so the cost rounds up', 33_333, 150, 32_834],
    ['no commission', 50_000, 0, 50_000],
  ])('%s', (_name, face, rate, cost) => {
    expect(costOf(kobo(face), rate)).toBe(cost);
  });
});

const rule = (fields: Partial<TargetedPriceRule> & PriceRule): TargetedPriceRule => ({
  serviceId: 'dstv',
  variationCode: '',
  channel: 'web',
  ...fields,
});

describe('quote', () => {
  const rules = [
    rule({ ...bps(-100) }),
    rule({ ...bps(-50), channel: 'api' }),
    rule({ ...fixed(1_880_000), variationCode: 'dstv79' }),
    rule({ ...fixed(1_000_000), variationCode: 'dstv-loss', allowLoss: true }),
    rule({ ...fixed(100_000), variationCode: 'dstv-stale' }),
    rule({ ...bps(-100), serviceId: 'gotv' }),
  ];

  it.each([
    ['the plan’s own rule wins over the service’s', 'web', 'dstv79', 1_900_000, 1_880_000, 'variation'],
    ['a plan without a rule takes the service’s', 'web', 'dstv-padi', 440_000, 435_600, 'service'],
    ['the partner channel has its own rule', 'api', 'dstv79', 1_900_000, 1_890_500, 'service'],
    ['a renewal (no plan) takes the service’s', 'web', null, 1_900_000, 1_881_000, 'service'],
    ['a loss the rule allows is sold', 'web', 'dstv-loss', 1_900_000, 1_000_000, 'variation'],
    ['a rule now below cost falls back to the service’s', 'web', 'dstv-stale', 440_000, 435_600, 'service'],
  ] as const)('%s', (_name, channel, variationCode, face, price, source) => {
    const result = quote(rules, { serviceId: 'dstv', variationCode, channel }, kobo(face), 150);
    expect(result).toMatchObject({ priceKobo: price, source });
    expect(result.marginKobo).toBe(price - costOf(kobo(face), 150));
  });

  it('sells at the face value when no rule applies, or every rule would lose money', () => {
    expect(
      quote(rules, { serviceId: 'mtn', variationCode: null, channel: 'web' }, kobo(50_000), 300),
    ).toEqual({
      priceKobo: 50_000,
      costKobo: 48_500,
      marginKobo: 1_500,
      source: 'face',
      rule: null,
    });
    const deep = [rule({ ...bps(-500), serviceId: 'gotv' })];
    expect(
      quote(deep, { serviceId: 'gotv', variationCode: 'gotv-max', channel: 'web' }, kobo(850_000), 150),
    ).toMatchObject({ priceKobo: 850_000, source: 'face' });
  });
});

describe('ruleProblem', () => {
  const face = kobo(1_900_000);
  const cost = costOf(face, 150);

  it.each([
    ['a 1% discount on a 1.5% commission', bps(-100), null],
    ['a discount equal to the commission (no margin, no loss)', bps(-150), null],
    ['a markup', bps(500), null],
    ['a fixed price above cost', fixed(1_880_000), null],
    ['a fixed price at exactly the cost', fixed(cost), null],
    ['a loss with the flag', bps(-200, true), null],
    ['a fixed loss with the flag', fixed(1_000_000, true), null],
  ])('accepts %s', (_name, candidate, problem) => {
    expect(ruleProblem(candidate, face, cost)).toBe(problem);
  });

  it.each([
    [
      'a discount deeper than the commission',
      bps(-151),
      'This sells at ₦18,713.10, below our cost of ₦18,715.00.',
    ],
    [
      'a fixed price a kobo below cost',
      fixed(cost - 1),
      'This sells at ₦18,714.99, below our cost of ₦18,715.00.',
    ],
    ['a 100% discount, even with the flag', bps(-10_000, true), 'A discount must leave a price above ₦0.00.'],
    ['a markup above 1,000%', bps(100_001), 'A markup can be at most 1,000%.'],
  ])('refuses %s', (_name, candidate, message) => {
    expect(ruleProblem(candidate, face, cost)).toContain(message);
  });

  it('bounds a fixed price at three times the face value, loss flag or not', () => {
    const plan = kobo(14_000);
    const planCost = costOf(plan, 200);
    const bound = "A fixed price can be at most ₦420.00: three times this plan's ₦140.00.";
    expect(ruleProblem(fixed(42_000), plan, planCost)).toBeNull();
    expect(ruleProblem(fixed(42_001), plan, planCost)).toBe(bound);
    expect(ruleProblem(fixed(999_999_999_999_999, true), plan, planCost)).toBe(bound);
  });
});

describe('isApprovalNeeded', () => {
  it.each([
    ['a discount that keeps a margin', bps(-100), false],
    ['a markup', bps(500), false],
    ['a loss with the flag', bps(-200, true), true],
    ['the loss flag on a rule that keeps a margin today', bps(-100, true), true],
    ['a fixed price above cost', fixed(1_880_000), true],
    ['a fixed loss with the flag', fixed(1_000_000, true), true],
  ])('%s: %s', (_name, candidate, expected) => {
    expect(isApprovalNeeded(candidate)).toBe(expected);
  });
});

describe('ruleInWords', () => {
  it.each([
    [bps(-100), '1% off'],
    [bps(-9_999), '99.99% off'],
    [bps(250), '2.5% markup'],
    [bps(0), 'Face value'],
    [fixed(28_000), '₦280.00 fixed'],
  ])('%j reads %s', (candidate, words) => {
    expect(ruleInWords(candidate)).toBe(words);
  });
});

describe('defaultServiceBps', () => {
  it.each([
    ['tv', -100],
    ['electricity', -100],
    ['airtime', 0],
    ['data', 0],
    ['education', 0],
  ] as const)('%s: %i', (kind, expected) => {
    expect(defaultServiceBps(kind)).toBe(expected);
  });
});
