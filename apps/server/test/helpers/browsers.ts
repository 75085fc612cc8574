import { expect } from 'vitest';
import { TestClient, type TestApp } from './app.ts';

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/** Another browser of the same customer, signed in with the password. */
export async function signInElsewhere(
  t: TestApp,
  email: string,
  password: string,
  userAgent = IPHONE_SAFARI,
) {
  const client = new TestClient(t.app, '198.51.100.7');
  const response = await client.post(
    '/api/v1/auth/sign-in',
    { email, password },
    { 'user-agent': userAgent },
  );
  expect(response.statusCode, response.body).toBe(200);
  return client;
}
