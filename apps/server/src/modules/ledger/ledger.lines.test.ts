import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { buildLines, UnbalancedEntryError } from './ledger.lines.ts';

const wallet = { wallet: 'usr_1' };
const fees = { system: 'income:fees' } as const;
const clearing = { system: 'clearing:manual' } as const;

describe('buildLines', () => {
  it('turns postings into lines that sum to zero, merged per account', () => {
    const lines = buildLines([
      { from: clearing, to: wallet, amountKobo: kobo(95_000) },
      { from: clearing, to: fees, amountKobo: kobo(5_000) },
    ]);
    expect(Object.fromEntries(lines)).toEqual({
      'clearing:manual': -100_000,
      'wallet:usr_1': 95_000,
      'income:fees': 5_000,
    });
  });

  it.each([
    ['no postings', []],
    ['a zero amount', [{ from: clearing, to: wallet, amountKobo: kobo(0) }]],
    ['a negative amount', [{ from: clearing, to: wallet, amountKobo: kobo(-5) }]],
    ['a fraction of a kobo', [{ from: clearing, to: wallet, amountKobo: 1.5 as never }]],
    ['money moved within one account', [{ from: wallet, to: wallet, amountKobo: kobo(100) }]],
    [
      'postings that cancel out',
      [
        { from: clearing, to: wallet, amountKobo: kobo(100) },
        { from: wallet, to: clearing, amountKobo: kobo(100) },
      ],
    ],
  ])('refuses %s', (_label, postings) => {
    expect(() => buildLines(postings)).toThrow(UnbalancedEntryError);
  });
});
