import { monotonicFactory } from 'ulidx';

const ulid = monotonicFactory();

export type IdPrefix =
  | 'usr'
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
  | 'key';

/** Prefixed, time-sortable ids: `usr_01J...`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}
