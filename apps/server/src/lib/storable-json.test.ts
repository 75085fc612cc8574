import { describe, expect, it } from 'vitest';
import { toStorableJson } from './storable-json.ts';

describe('toStorableJson', () => {
  it('replaces lone surrogates and NUL, anywhere, and keeps everything else', () => {
    expect(
      toStorableJson({
        status: '\ud800',
        nested: ['ok', 'x\udfffy', { 'k\u0000': 'a\u0000b' }],
        emoji: 'paid 😀',
        amount: 100,
        flag: true,
        none: null,
      }),
    ).toEqual({
      status: '\uFFFD',
      nested: ['ok', 'x\uFFFDy', { 'k\uFFFD': 'a\uFFFDb' }],
      emoji: 'paid 😀',
      amount: 100,
      flag: true,
      none: null,
    });
  });
});
