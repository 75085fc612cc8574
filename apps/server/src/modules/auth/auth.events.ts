import { domainEvent } from '../../lib/domain-events.ts';
import type { KeyLabel } from '@quickvend/shared/messages/notices';

/** What the auth module tells of: a password sign-in, a password changed or reset. */
export type AuthSecurityEvent =
  | {
      kind: 'sign-in';
      userId: string;
      sessionId: string;
      ipAddress: string | null;
      userAgent: string | null;
      at: Date;
    }
  /** changed when signed in: the other devices are signed out; the keys that still work are named */
  | { kind: 'password.changed'; userId: string; at: Date; keptKeys: KeyLabel[] }
  | { kind: 'password.reset'; userId: string; at: Date; signedOut: number; revokedKeys: KeyLabel[] };
export type SignedIn = {
  userId: string;
  sessionId: string;
  ipAddress: string | null;
  userAgent: string | null;
  at: string;
};
export type PasswordChanged = { userId: string; at: string; keptKeys: KeyLabel[] };
export type PasswordReset = { userId: string; at: string; signedOut: number; revokedKeys: KeyLabel[] };

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    'security.signed-in': SignedIn;
    /** changed when signed in: the other devices were signed out */
    'security.password-changed': PasswordChanged;
    /** set from a mailed link: sessions ended and every key revoked */
    'security.password-reset': PasswordReset;
  }
}

/** The event of what the auth service reports; a password is not changed twice for one user in one millisecond. */
export function securityEventOf(event: AuthSecurityEvent) {
  const at = event.at.toISOString();
  switch (event.kind) {
    case 'sign-in':
      return domainEvent('security.signed-in', event.sessionId, {
        userId: event.userId,
        sessionId: event.sessionId,
        ipAddress: event.ipAddress,
        userAgent: event.userAgent,
        at,
      });
    case 'password.changed':
      return domainEvent('security.password-changed', `${event.userId}:${at}`, {
        userId: event.userId,
        at,
        keptKeys: event.keptKeys.map(({ name, prefix }) => ({ name, prefix })),
      });
    case 'password.reset':
      return domainEvent('security.password-reset', `${event.userId}:${at}`, {
        userId: event.userId,
        at,
        signedOut: event.signedOut,
        revokedKeys: event.revokedKeys.map(({ name, prefix }) => ({ name, prefix })),
      });
  }
}
