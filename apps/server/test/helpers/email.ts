import type { Me } from '@quickvend/shared/api/auth';
import { waitForMail, type TestClient } from './app.ts';

/** The subject of the link mailed to a new account's address (a changed address gets "Confirm your new …"). */
export const SIGN_UP_CONFIRMATION = /^Confirm your email for /;

/** The token of the link in a mail's text. */
export function tokenInMail(text: string): string {
  const token = /[?&]token=([^\s&]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link with a token in: ${text}`);
  return decodeURIComponent(token);
}

/**
 * Confirms the signed-in customer's address by opening the link mailed at sign-up, as they would; an address
 * already confirmed is left as it is.
 */
export async function confirmEmail(client: TestClient): Promise<void> {
  const me = (await client.get('/api/v1/me')).json<{ user: Me }>().user;
  if (me.emailConfirmed) return;
  const mail = await waitForMail(client.app, me.email, SIGN_UP_CONFIRMATION);
  const response = await client.post('/api/v1/profile/email/confirm', { token: tokenInMail(mail.text) });
  if (response.statusCode !== 200) throw new Error(`email not confirmed: ${response.body}`);
}
