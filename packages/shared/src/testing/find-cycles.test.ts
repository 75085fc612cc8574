import { describe, expect, it } from 'vitest';
import { findCycles } from './find-cycles.ts';

describe('findCycles', () => {
  it('finds a cycle when there is one, and only that one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds a file that imports itself, and two cycles through one file', () => {
    const graph = new Map([
      ['a', ['a', 'b']],
      ['b', ['c', 'd']],
      ['c', ['b']],
      ['d', ['b']],
    ]);
    expect(findCycles(graph)).toEqual([['a'], ['b', 'c'], ['b', 'd']]);
  });
});
