import { formatLagosMinuteStamp } from '@quickvend/shared/format';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// the largest multiple of 62 below 256: bytes at or above it are redrawn so every character is equally likely
const UNBIASED_LIMIT = 248;
const SUFFIX_LENGTH = 10;

export type RandomSource = { getRandomValues(array: Uint8Array): Uint8Array };

/** A VTpass request_id: the Lagos `yyyyMMddHHmm` of `now` and 10 random letters or digits. */
export function newVtpassRequestId(now: Date, random: RandomSource = crypto): string {
  let suffix = '';
  while (suffix.length < SUFFIX_LENGTH) {
    for (const byte of random.getRandomValues(new Uint8Array(SUFFIX_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && suffix.length < SUFFIX_LENGTH) suffix += ALPHANUMERIC[byte % 62] ?? '';
    }
  }
  return `${formatLagosMinuteStamp(now)}${suffix}`;
}
