const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// the largest multiple of 62 below 256: bytes at or above it are redrawn so every character is equally likely
const UNBIASED_LIMIT = 248;
const SUFFIX_LENGTH = 10;

const lagosFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `yyyyMMddHHmm` in Africa/Lagos: the timestamp VTpass requires at the start of every request_id. */
export function lagosTimestamp(now: Date): string {
  const parts = Object.fromEntries(lagosFormat.formatToParts(now).map((part) => [part.type, part.value]));
  const { year = '', month = '', day = '', hour = '', minute = '' } = parts;
  return `${year}${month}${day}${hour}${minute}`;
}

export type RandomSource = { getRandomValues(array: Uint8Array): Uint8Array };

/** A VTpass request_id: the Lagos `yyyyMMddHHmm` of `now` and 10 random letters or digits. */
export function newVtpassRequestId(now: Date, random: RandomSource = crypto): string {
  let suffix = '';
  while (suffix.length < SUFFIX_LENGTH) {
    for (const byte of random.getRandomValues(new Uint8Array(SUFFIX_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && suffix.length < SUFFIX_LENGTH) suffix += ALPHANUMERIC[byte % 62] ?? '';
    }
  }
  return `${lagosTimestamp(now)}${suffix}`;
}
