import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX = /^[0-9a-f]+$/i;

/** Paystack's `x-paystack-signature`: hex HMAC-SHA512 of the exact body bytes, keyed with the secret key. */
export function signPaystackBody(raw: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(raw).digest('hex');
}

export function isValidPaystackSignature(
  raw: Buffer | string,
  header: string | undefined,
  secretKey: string,
): boolean {
  if (!header || header.length % 2 !== 0 || !HEX.test(header)) return false;
  const expected = Buffer.from(signPaystackBody(raw, secretKey), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
