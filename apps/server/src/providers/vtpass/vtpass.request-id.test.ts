import { describe, expect, it } from 'vitest';
import { newVtpassRequestId, type RandomSource } from './vtpass.request-id.ts';

/** Hands out the given bytes in order, then 1s; counts its calls. */
const scripted = (bytes: readonly number[]): RandomSource & { calls: number } => {
  const queue = [...bytes];
  const source = {
    calls: 0,
    getRandomValues(array: Uint8Array): Uint8Array {
      source.calls++;
      return array.map(() => queue.shift() ?? 1);
    },
  };
  return source;
};

describe('newVtpassRequestId', () => {
  it('is the Lagos yyyyMMddHHmm and 10 letters or digits', () => {
    const id = newVtpassRequestId(new Date('2026-11-21T23:00:00Z'));
    expect(id).toHaveLength(22);
    expect(id).toMatch(/^202611220000[A-Za-z0-9]{10}$/);
  });

  it('differs on every call', () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 200 }, () => newVtpassRequestId(now)));
    expect(ids.size).toBe(200);
  });

  it('maps bytes onto the 62 characters and redraws bytes that would bias them', () => {
    const source = scripted([0, 25, 26, 51, 52, 61, 62, 248, 200, ...Array<number>(11).fill(255)]);
    const id = newVtpassRequestId(new Date('2026-01-01T00:00:00Z'), source);
    // 0→A 25→Z 26→a 51→z 52→0 61→9 62→A, 248 and 255 redrawn, 200→O (200 % 62 = 14), then 1→B
    expect(id).toBe('202601010100AZaz09AOBB');
    expect(source.calls).toBe(2);
  });
});
