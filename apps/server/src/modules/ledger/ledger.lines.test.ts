import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { buildLines, LEDGER_SHARDS, shardFor, UnbalancedEntryError } from './ledger.lines.ts';

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

  it("moves a sharded system account's row of the entry's shard, and every other account as itself", () => {
    const held = { system: 'held:purchases' } as const;
    const lines = buildLines(
      [
        { from: wallet, to: held, amountKobo: kobo(10_000) },
        { from: clearing, to: fees, amountKobo: kobo(50) },
      ],
      7,
    );
    expect(Object.fromEntries(lines)).toEqual({
      'wallet:usr_1': -10_000,
      'held:purchases#7': 10_000,
      'clearing:manual': -50,
      'income:fees': 50,
    });
    // shard 0 is the account's original row
    expect([...buildLines([{ from: wallet, to: held, amountKobo: kobo(1) }], 0).keys()]).toContain(
      'held:purchases',
    );
  });

  it.each([-1, LEDGER_SHARDS, 2.5])('refuses shard %s', (shard) => {
    expect(() =>
      buildLines([{ from: wallet, to: { system: 'held:purchases' }, amountKobo: kobo(1) }], shard),
    ).toThrow(UnbalancedEntryError);
  });
});

describe('shardFor', () => {
  it('gives the same key the same shard, and spreads keys over every shard', () => {
    expect(shardFor('pur_abc')).toBe(shardFor('pur_abc'));
    const used = new Set(Array.from({ length: 400 }, (_, i) => shardFor(`pur_${i}`)));
    expect(used.size).toBe(LEDGER_SHARDS);
  });
});
