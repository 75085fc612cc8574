import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
// the drizzle adapter does the database work: better-auth without its Kysely build loads ~100 ms sooner
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Me } from '@quickvend/shared/api/auth';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_NAME } from '@quickvend/shared/services';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, type IdPrefix } from '../../lib/ids.ts';
import { securityEventOf } from './auth.events.ts';
import { accounts, sessions, users, verifications } from './auth.tables.ts';
import { endResetLinks, type AccountKeys } from './password-reset.ts';

/** Carries the client's address to the session library: set by `toHeaders`, never taken from the request. */
export const CLIENT_IP_HEADER = 'x-quickvend-client-ip';

/** A session ends after this long without use... */
export const SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60;
/** ...and this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;
export const EMAIL_CHANGE_TOKEN_SECONDS = 60 * 60;

// OWASP's first choice for password storage: Argon2id, 19 MiB, 2 iterations, 1 lane
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2Hash(password, ARGON2_OPTIONS);

const ID_PREFIX: Record<string, IdPrefix> = {
  user: 'usr',
  session: 'ses',
  account: 'acc',
  verification: 'ver',
};

export type Mailer = { send: (mail: { to: string; subject: string; text: string }) => Promise<void> };

export type SessionLibraryDeps = {
  db: Database;
  appUrl: string;
  secret: string;
  isHttps: boolean;
  mailer: Mailer;
  clock: Clock;
  onUserCreated: (userId: string) => Promise<void>;
  /** told of a password sign-in and, once committed, of a password change or reset */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
  /** told after the session library ended a session of this user (sign-out, signing out other devices) */
  onSessionEnded?: (userId: string) => void;
  /** a password reset revokes them; a signed-in change keeps them and names them in its notice */
  apiKeys: AccountKeys;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
};

/**
 * The session library: sign-up, sign-in, sessions, the password change and the links it mails. `links` are
 * ours: a reset link is kept only if it is the account's newest (`keepNewest`), and what a confirmation link's
 * mail says (`confirmationMail`).
 */
export function createSessionLibrary(
  deps: SessionLibraryDeps,
  links: {
    keepNewest: (user: { id: string; email: string }, token: string) => Promise<boolean>;
    confirmationMail: (to: string, token: string) => { to: string; subject: string; text: string };
  },
) {
  const { db, clock } = deps;

  const auth = betterAuth({
    baseURL: deps.appUrl,
    secret: deps.secret,
    appName: PRODUCT_NAME,
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => {
        deps.log[level]({ source: 'session-library' }, message);
      },
    },
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // the library makes and mails reset links; `resetPassword` sets the password from one
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      sendResetPassword: async ({ user, token }) => {
        if (!(await links.keepNewest(user, token))) return;
        const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        void deps.mailer.send({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text:
            `Hello ${user.name},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. ` +
            `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
            `Only the newest link we sent works. Setting a new password signs you out on every device and ` +
            `stops every partner API key of the account. ` +
            `If you did not ask for this, ignore this email: your password stays the same.`,
        });
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    // a new address is confirmed by a link mailed to it; a changed email changes only when the link is opened
    emailVerification: {
      expiresIn: EMAIL_CHANGE_TOKEN_SECONDS,
      // signUp sends a new account's link itself: it knows whether an invitation already proved the address
      sendOnSignUp: false,
      sendVerificationEmail: ({ user, token }) => {
        void deps.mailer.send(links.confirmationMail(user.email, token));
        return Promise.resolve();
      },
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user', required: false },
        referredBy: { type: 'string', input: true, required: false },
        // read with every session, so a suspended or deleted account's session is refused at no extra cost
        suspendedAt: { type: 'date', input: false, required: false },
        deletedAt: { type: 'date', input: false, required: false },
      },
    },
    advanced: {
      // the address Fastify resolved (trusting only the configured proxies), never one the browser claims
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: 'qv',
      useSecureCookies: deps.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: deps.isHttps },
      database: { generateId: ({ model }) => newId(ID_PREFIX[model] ?? 'req') },
    },
    databaseHooks: {
      user: { create: { after: (user) => deps.onUserCreated(user.id) } },
      // the session library's own change-password endpoint (a reset is `resetPassword`, not the library's)
      account: {
        update: {
          // the library's update is one statement we cannot join: the event is published, not recorded
          after: async (account, context) => {
            if (context?.path === '/change-password' && account.providerId === 'credential') {
              await endResetLinks(db, account.userId);
              const keptKeys = await deps.apiKeys.listLive(account.userId);
              deps.events?.publish(
                securityEventOf({
                  kind: 'password.changed',
                  userId: account.userId,
                  at: clock.now(),
                  keptKeys,
                }),
              );
            }
          },
        },
      },
      // after the password was checked: a suspended or deleted account gets no session
      session: {
        create: {
          before: async (session, context) => {
            const adapter = context?.context.internalAdapter ?? (await auth.$context).internalAdapter;
            const user = await adapter.findUserById(session.userId);
            if (user && isBlocked(user)) {
              throw APIError.from('FORBIDDEN', {
                message: userAdminMessages.suspended,
                code: 'deletedAt' in user && user.deletedAt ? 'ACCOUNT_DELETED' : 'ACCOUNT_SUSPENDED',
              });
            }
          },
          // a sign-in with the password (not the session a sign-up or a password change makes)
          after: (session, context) => {
            if (context?.path === '/sign-in/email') {
              deps.events?.publish(
                securityEventOf({
                  kind: 'sign-in',
                  userId: session.userId,
                  sessionId: session.id,
                  ipAddress: session.ipAddress ?? null,
                  userAgent: session.userAgent ?? null,
                  at: session.createdAt,
                }),
              );
            }
            return Promise.resolve();
          },
        },
        // signed out, here or on other devices: what the session keeps open (a live stream) must end too
        delete: {
          after: (session) => {
            deps.onSessionEnded?.(session.userId);
            return Promise.resolve();
          },
        },
      },
    },
  });
  return auth;
}

export type SessionLibrary = ReturnType<typeof createSessionLibrary>;

export const toMe = (user: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  emailVerified: boolean;
}): Me => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role === 'admin' ? 'admin' : 'user',
  emailConfirmed: user.emailVerified,
});

export const isBlocked = (user: object) =>
  ('suspendedAt' in user && Boolean(user.suspendedAt)) || ('deletedAt' in user && Boolean(user.deletedAt));

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

const AUTH_ERRORS: Record<string, [AppError['code'], string]> = {
  USER_ALREADY_EXISTS: ['EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ['EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE],
  INVALID_EMAIL_OR_PASSWORD: ['INVALID_CREDENTIALS', 'Invalid email or password.'],
  INVALID_TOKEN: ['INVALID_TOKEN', 'This reset link is invalid or has expired. Please ask for a new one.'],
  USER_NOT_FOUND: ['INVALID_TOKEN', 'This reset link is invalid or has expired. Please ask for a new one.'],
  PASSWORD_TOO_SHORT: ['VALIDATION_FAILED', `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`],
  PASSWORD_TOO_LONG: ['VALIDATION_FAILED', `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`],
  INVALID_EMAIL: ['VALIDATION_FAILED', 'Please enter a valid email address.'],
  ACCOUNT_SUSPENDED: ['ACCOUNT_SUSPENDED', userAdminMessages.suspended],
  // a deleted account is gone: it is answered as an unknown one
  ACCOUNT_DELETED: ['INVALID_CREDENTIALS', 'Invalid email or password.'],
};

/** Runs a session-library call, turning its errors into ours. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof APIError) {
      const code = typeof error.body?.code === 'string' ? error.body.code : '';
      const mapped = AUTH_ERRORS[code];
      if (mapped) throw new AppError(mapped[0], mapped[1]);
    }
    throw error;
  }
}
