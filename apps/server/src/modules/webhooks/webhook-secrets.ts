import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SEALED_PREFIX = 'v1.';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The first characters, enough for the partner to recognise the secret in use. */
export const secretPrefixOf = (secret: string) => `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;

/**
 * Signing secrets must be readable by the server (it signs with them), so they are encrypted rather than hashed:
 * AES-256-GCM under a key derived from AUTH_SECRET. A database copy alone does not give them away.
 */
export function createSecretBox(authSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'quickvend', 'webhook signing secrets v1', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(stored: string): string {
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,<base64 HMAC-SHA256>` over
 * `${id}.${timestamp}.${body}` with each secret's bytes, space separated (two during a rotation).
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const bytes = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', bytes).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
