import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const COOKIE = 'qv_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A browser where someone signed in to an account before. Many customers share one carrier-NAT address with
 * strangers, so an attacker's wrong passwords from that address must not lock out the owner's own phone:
 * a sign-in from a known device is limited on its own. Only the server can make one (an HMAC under the
 * session secret), and it names the account it was earned for.
 */
export function createKnownDevices(options: { secret: string; isHttps: boolean }) {
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', options.secret).update(`known-device|${email}|${nonce}`).digest('base64url');

  return {
    /** The device id when the request carries a device cookie earned by `email`. */
    recognise(cookieHeader: string | undefined, email: string): string | null {
      const value = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${COOKIE}=`))
        ?.slice(COOKIE.length + 1);
      const [nonce, mac] = value?.split('.') ?? [];
      if (!nonce || !mac) return null;
      const expected = Buffer.from(sign(email, nonce));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },

    /** The Set-Cookie header that makes this browser a known device of `email`. */
    cookieFor(email: string): string {
      const nonce = randomBytes(16).toString('base64url');
      const secure = options.isHttps ? '; Secure' : '';
      return `${COOKIE}=${nonce}.${sign(email, nonce)}; Path=/api/v1/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
