import { randomFillSync } from 'node:crypto';
import { encodeTime, monotonicFactory } from 'ulidx';

// ulidx asks the platform for one random byte per character; drawing them from a pooled buffer is the same
// cryptographic randomness at a fraction of the cost, and ids are made on every request
const randomPool = new Uint8Array(4096);
let nextRandom = randomPool.length;
function pooledRandom(): number {
  if (nextRandom === randomPool.length) {
    randomFillSync(randomPool);
    nextRandom = 0;
  }
  return (randomPool[nextRandom++] ?? 0) / 0x100;
}

const ulid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | 'usr'
  /** a top-up of a partner's test balance */
  | 'ttu'
  | 'dsp'
  | 'ses'
  | 'acc'
  | 'ver'
  | 'inv'
  | 'wal'
  | 'mail'
  | 'req'
  | 'ent'
  | 'adj'
  | 'pay'
  | 'mfr'
  | 'whk'
  | 'dva'
  | 'pur'
  /** a provider a purchase left after a definite failure there */
  | 'pfo'
  | 'key'
  | 'aud'
  | 'apr'
  | 'pev'
  | 'plo'
  | 'prc'
  | 'flt'
  | 'ben'
  | 'ntf'
  | 'sms'
  | 'rcn'
  | 'rfd'
  | 'msg';

/** Prefixed, time-sortable ids: `usr_01J...`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

// the largest time a ULID holds (48 bits of milliseconds)
const ULID_TIME_MAX = 2 ** 48 - 1;

/** The smallest id of `prefix` made at `at`: ids made before it sort below it, ids made from it on at or above. */
export function firstIdAt(prefix: IdPrefix, at: Date): string {
  const ms = Math.min(Math.max(Math.trunc(at.getTime()), 0), ULID_TIME_MAX);
  return `${prefix}_${encodeTime(Number.isNaN(ms) ? 0 : ms, 10)}`;
}
