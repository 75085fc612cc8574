import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPaystackSignature, signPaystackBody } from './paystack.signature.ts';

const secret = 'sk_test_signature';
const body = Buffer.from('{"event":"charge.success","data":{"reference":"r-1","amount":500000}}');

describe('paystack signature', () => {
  it('is the hex HMAC-SHA512 of the raw body keyed with the secret key', () => {
    const expected = createHmac('sha512', secret).update(body).digest('hex');
    expect(signPaystackBody(body, secret)).toBe(expected);
    expect(signPaystackBody(body.toString('utf8'), secret)).toBe(expected);
  });

  it('accepts the signature of the exact bytes, in either hex case', () => {
    const signature = signPaystackBody(body, secret);
    expect(isValidPaystackSignature(body, signature, secret)).toBe(true);
    expect(isValidPaystackSignature(body, signature.toUpperCase(), secret)).toBe(true);
  });

  it('refuses a body with one byte changed', () => {
    const signature = signPaystackBody(body, secret);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] ?? 0) ^ 0x01;
    expect(isValidPaystackSignature(tampered, signature, secret)).toBe(false);
  });

  it('refuses a signature made with another key', () => {
    const signature = signPaystackBody(body, 'sk_test_other');
    expect(isValidPaystackSignature(body, signature, secret)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['odd-length', `${signPaystackBody(body, secret)}0`],
    ['not hex', 'z'.repeat(128)],
    ['truncated', signPaystackBody(body, secret).slice(0, 64)],
  ])('refuses a %s header', (_name, header) => {
    expect(isValidPaystackSignature(body, header, secret)).toBe(false);
  });
});
