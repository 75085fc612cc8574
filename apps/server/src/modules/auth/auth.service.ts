import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
// the drizzle adapter does the database work: better-auth without its Kysely build loads ~100 ms sooner
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Me, Role } from '@quickvend/shared/api/auth';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_NAME } from '@quickvend/shared/services';
import { profileTexts } from '@quickvend/shared/api/profile';
import { databaseErrorOf, type Database, type Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, type IdPrefix } from '../../lib/ids.ts';
import type { AuditLog } from '../audit/index.ts';
import { accounts, sessions, users, verifications } from './auth.tables.ts';
import { createInvitations } from './invitations.ts';
import {
  createPasswordResets,
  endResetLinks,
  holdSession,
  type AccountKeys,
  type KeyLabel,
} from './password-reset.ts';
import { createUserAccounts } from './user-accounts.ts';

/** Carries the client's address to the session library: set by `toHeaders`, never taken from the request. */
export const CLIENT_IP_HEADER = 'x-quickvend-client-ip';

/** A session ends after this long without use... */
export const SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60;
/** ...and this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 60 * 60;
const RESET_TOKEN_SECONDS = 60 * 60;
const EMAIL_CHANGE_TOKEN_SECONDS = 60 * 60;
/** A new account's link: a day, since the account works meanwhile and a phone's mail may wait. */
const SIGN_UP_TOKEN_SECONDS = 24 * 60 * 60;

// OWASP's first choice for password storage: Argon2id, 19 MiB, 2 iterations, 1 lane
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const ID_PREFIX: Record<string, IdPrefix> = {
  user: 'usr',
  session: 'ses',
  account: 'acc',
  verification: 'ver',
};

export type AuthDeps = {
  db: Database;
  appUrl: string;
  secret: string;
  isHttps: boolean;
  mailer: { send: (mail: { to: string; subject: string; text: string }) => Promise<void> };
  clock: Clock;
  onUserCreated: (userId: string) => Promise<void>;
  /** where an invitation that made an admin is recorded */
  audit: Pick<AuditLog, 'record'>;
  /** told after a password sign-in and after a password change or reset has committed */
  onSecurityEvent?: (event: AuthSecurityEvent) => void;
  /** told after the session library ended a session of this user (sign-out, signing out other devices) */
  onSessionEnded?: (userId: string) => void;
  /** a password reset revokes them; a signed-in change keeps them and names them in its notice */
  apiKeys: AccountKeys;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
};

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

export type SessionResult = { user: Me; setCookie: string[] };

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;

  const resets = createPasswordResets({
    db,
    clock,
    hashPassword: (password) => argon2Hash(password, ARGON2_OPTIONS),
    apiKeys: deps.apiKeys,
  });

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
      // the library makes and mails reset links; `resetPassword` below sets the password from one
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: {
        hash: (password) => argon2Hash(password, ARGON2_OPTIONS),
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      sendResetPassword: async ({ user, token }) => {
        if (!(await resets.keepNewestLink(user, token))) return;
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
        void deps.mailer.send(confirmationMail(user.email, token));
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
          after: async (account, context) => {
            if (context?.path === '/change-password' && account.providerId === 'credential') {
              await endResetLinks(db, account.userId);
              const keptKeys = await deps.apiKeys.listLive(account.userId);
              deps.onSecurityEvent?.({
                kind: 'password.changed',
                userId: account.userId,
                at: clock.now(),
                keptKeys,
              });
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
              deps.onSecurityEvent?.({
                kind: 'sign-in',
                userId: session.userId,
                sessionId: session.id,
                ipAddress: session.ipAddress ?? null,
                userAgent: session.userAgent ?? null,
                at: session.createdAt,
              });
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

  const toMe = (user: {
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

  /**
   * The mail that carries a confirmation link to an address that has not proven itself, so nothing in it was
   * chosen by whoever asked (a name may hold a link). The token's claims tell a new account's link from a
   * change's.
   */
  function confirmationMail(to: string, token: string) {
    const link = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    if (emailChangeClaim.safeParse(tokenPayload(token)).success) {
      return {
        to,
        subject: `Confirm your new ${PRODUCT_NAME} email`,
        text:
          `Hello,\n\nSomeone asked to use this address for a ${PRODUCT_NAME} account. ` +
          `To confirm it, open this link within one hour:\n\n${link}\n\n` +
          `Until it is opened, the account keeps its old email. If you did not ask for this, ignore this email.`,
      };
    }
    return {
      to,
      subject: `Confirm your email for ${PRODUCT_NAME}`,
      text:
        `Hello,\n\nA ${PRODUCT_NAME} account was just made with this email address. ` +
        `If it was you, open this link within a day to confirm your email:\n\n${link}\n\n` +
        `You can buy airtime, data and bills at once; bank deposits and partner (API) access wait for it. ` +
        `If you did not make this account, do not open the link: ignore this email.`,
    };
  }

  /** Mails a new link confirming the account's own address (a day to open it). */
  async function mailConfirmationLink(user: { id: string; email: string }): Promise<void> {
    const context = await auth.$context;
    const token = await createEmailVerificationToken(
      context.secret,
      user.email,
      undefined,
      SIGN_UP_TOKEN_SECONDS,
      { userId: user.id },
    );
    await deps.mailer.send(confirmationMail(user.email.toLowerCase(), token));
  }

  const invitations = createInvitations({ db, clock, appUrl: deps.appUrl, secret: deps.secret });

  async function setRole(userId: string, role: Role, executor: Executor = db): Promise<void> {
    await executor.update(users).set({ role, updatedAt: clock.now() }).where(eq(users.id, userId));
  }

  /**
   * A new account, signed in; a link confirming its address is mailed to it unless `addressProven` (an
   * invitation mailed to that address).
   */
  async function signUp(
    input: { name: string; email: string; password: string; ref?: string | undefined },
    headers: Headers,
    options: { addressProven?: boolean } = {},
  ): Promise<SessionResult> {
    const result = await call(() =>
      auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password, referredBy: input.ref },
        headers,
        returnHeaders: true,
      }),
    );
    const user = toMe(result.response.user);
    if (!options.addressProven) {
      void mailConfirmationLink(user).catch((error: unknown) => {
        deps.log.error({ err: error, userId: user.id }, 'the sign-up confirmation link was not mailed');
      });
    }
    return { user, setCookie: result.headers.getSetCookie() };
  }

  /**
   * Mails the account's own address a new confirmation link. Returns the address.
   * @throws CONFLICT when it is already confirmed, NOT_FOUND
   */
  async function resendEmailConfirmation(userId: string): Promise<string> {
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.deletedAt) throw new AppError('NOT_FOUND', 'We could not find your account.');
    if (user.emailVerified) throw new AppError('CONFLICT', profileTexts.emailAlreadyConfirmed);
    await mailConfirmationLink(user);
    return user.email;
  }

  async function signIn(
    input: { email: string; password: string },
    headers: Headers,
  ): Promise<SessionResult> {
    const result = await call(() => auth.api.signInEmail({ body: input, headers, returnHeaders: true }));
    return { user: toMe(result.response.user), setCookie: result.headers.getSetCookie() };
  }

  async function signOut(headers: Headers): Promise<string[]> {
    const result = await call(() => auth.api.signOut({ headers, returnHeaders: true }));
    return result.headers.getSetCookie();
  }

  /**
   * The signed-in user behind these headers, or null for a missing, malformed or unknown cookie. Enforces the
   * absolute session lifetime. A database failure is thrown: it says nothing about the session.
   */
  async function getSession(headers: Headers): Promise<(SessionResult & { sessionId: string }) | null> {
    const result = await auth.api.getSession({ headers, returnHeaders: true }).catch((error: unknown) => {
      // a lookup that failed (the database unreachable) comes back as a 500 with the cause: not a sign-out
      if (!(error instanceof APIError) || error.statusCode >= 500) throw error;
      return null;
    });
    const session = result?.response;
    if (!session) return null;
    if (isBlocked(session.user)) {
      await db.delete(sessions).where(eq(sessions.id, session.session.id));
      return null;
    }
    const ageSeconds = (clock.now().getTime() - session.session.createdAt.getTime()) / 1000;
    if (ageSeconds > SESSION_ABSOLUTE_SECONDS) {
      await db.delete(sessions).where(eq(sessions.id, session.session.id));
      return null;
    }
    return {
      user: toMe(session.user),
      setCookie: result.headers.getSetCookie(),
      sessionId: session.session.id,
    };
  }

  async function requestPasswordReset(email: string): Promise<void> {
    await call(() => auth.api.requestPasswordReset({ body: { email } }));
  }

  /**
   * Sets a new password from a mailed link. In one transaction every reset link and session of the account ends
   * and every partner API key is revoked; the owner is then told what ended.
   * @throws INVALID_TOKEN, VALIDATION_FAILED
   */
  async function resetPassword(token: string, password: string): Promise<void> {
    const reset = await resets.reset(token, password);
    deps.onSecurityEvent?.({ kind: 'password.reset', ...reset });
  }

  /**
   * Mails a link to the new address; the email changes only when that link is opened. An address another
   * account holds gets the same answer and no mail, so nobody learns who has an account.
   */
  async function requestEmailChange(newEmail: string, headers: Headers): Promise<void> {
    await call(() => auth.api.changeEmail({ body: { newEmail }, headers }));
  }

  /**
   * An admin's change of someone's email: the same link the customer's own change mails, to the new address,
   * so the address proves itself before the account takes it. The caller has checked nobody else holds it.
   */
  async function sendEmailChangeLink(
    user: { id: string; name: string; email: string },
    newEmail: string,
  ): Promise<void> {
    const context = await auth.$context;
    const token = await createEmailVerificationToken(
      context.secret,
      user.email,
      newEmail,
      EMAIL_CHANGE_TOKEN_SECONDS,
      { requestType: 'change-email-verification', userId: user.id },
    );
    const link = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    // the new address has not proven itself: no name opens the mail
    await deps.mailer.send({
      to: newEmail.toLowerCase(),
      subject: `Confirm your new ${PRODUCT_NAME} email`,
      text:
        `Hello,\n\nOur team is changing the email of your ${PRODUCT_NAME} account to this address. ` +
        `To confirm it, open this link within one hour:\n\n${link}\n\n` +
        `Until you do, your account keeps its old email. If you did not expect this, ignore this email.`,
    });
  }

  /**
   * Opens a mailed link: a new account's confirms the address it has; an email change's moves the account to
   * the new address (now proven) and the old address is told. Works without a session, as a link opened on
   * another phone must.
   * @throws INVALID_TOKEN for a link that is not one, has expired or was already used; EMAIL_TAKEN
   */
  async function confirmEmailChange(
    token: string,
  ): Promise<{ userId: string; email: string; changed: boolean }> {
    const invalid = () => new AppError('INVALID_TOKEN', profileTexts.emailLinkInvalid);
    // read only to know what the link asks for; the session library checks its signature below
    const payload = tokenPayload(token);
    const own = ownAddressClaim.safeParse(payload);
    if (own.success) {
      try {
        // refused once the account has another address: the link proves only the one it was sent to
        await auth.api.verifyEmail({ query: { token } });
      } catch (error) {
        if (error instanceof APIError && error.statusCode < 500) throw invalid();
        throw error;
      }
      return { userId: own.data.userId, email: own.data.email, changed: false };
    }
    const claimed = emailChangeClaim.safeParse(payload);
    if (!claimed.success) throw invalid();
    const { email: oldEmail, updateTo, userId } = claimed.data;
    const [before] = await db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, updateTo));
    if (holder && holder.id !== userId) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    try {
      await auth.api.verifyEmail({ query: { token } });
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) throw invalid();
      if (databaseErrorOf(error)?.constraint === 'users_email_unique') {
        throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      }
      throw error;
    }
    const [changed] = await db
      .update(users)
      .set({ emailVerified: true, updatedAt: clock.now() })
      .where(and(eq(users.id, userId), eq(users.email, updateTo)))
      .returning();
    if (!changed) throw invalid();
    // a reset link mailed to the old address must not take the account back
    await endResetLinks(db, userId);
    void deps.mailer.send({
      to: oldEmail,
      subject: `Your ${PRODUCT_NAME} email has changed`,
      text:
        `${before?.emailVerified ? `Hello ${changed.name}` : 'Hello'},\n\nYour ${PRODUCT_NAME} account now uses ${updateTo} instead of this address. ` +
        `If you did not do this, contact our support at once.`,
    });
    return { userId, email: updateTo, changed: true };
  }

  /**
   * The session library's own change-password endpoint (so what listens to it hears of it): the current
   * password is checked, every session ends and this browser gets a new one. Returns its cookies.
   * @throws INVALID_CREDENTIALS (details.fields.currentPassword), VALIDATION_FAILED
   */
  async function changePassword(
    input: { currentPassword: string; newPassword: string },
    headers: Headers,
  ): Promise<string[]> {
    try {
      const result = await call(() =>
        auth.api.changePassword({
          body: { ...input, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      return result.headers.getSetCookie();
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
        throw new AppError('INVALID_CREDENTIALS', profileTexts.wrongPassword, {
          fields: { currentPassword: profileTexts.wrongPassword },
        });
      }
      throw error;
    }
  }

  /** Ends every session of the user but this one, through the session library. Returns how many ended. */
  async function signOutOtherSessions(userId: string, currentSessionId: string, headers: Headers) {
    const others = (
      await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    ).filter((session) => session.id !== currentSessionId);
    await call(() => auth.api.revokeOtherSessions({ headers }));
    return others.length;
  }

  /**
   * Claims the invitation first (one conditional update, so two people racing with one link cannot both
   * succeed), then creates the account; the claim is released if the account cannot be created.
   * @throws NOT_FOUND, EMAIL_TAKEN, VALIDATION_FAILED
   */
  async function registerAdmin(
    input: { token: string; email: string; password: string; name?: string | undefined },
    headers: Headers,
  ): Promise<SessionResult> {
    const claimed = await invitations.claim(input.token, input.email);
    // an invitation mailed to this address proves it; one open to anyone proves nothing
    const addressProven = claimed.email !== null;
    let result: SessionResult;
    try {
      const name = input.name?.trim() || (input.email.split('@')[0] ?? 'Admin');
      result = await signUp({ name, email: input.email, password: input.password }, headers, {
        addressProven,
      });
    } catch (error) {
      await invitations.release(claimed.id);
      throw error;
    }
    const userId = result.user.id;
    await db.transaction(async (tx) => {
      await setRole(userId, 'admin', tx);
      if (addressProven) {
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      }
      await invitations.markUsedBy(claimed.id, userId, tx);
      await deps.audit.record(
        { id: userId, label: result.user.email },
        {
          action: 'invitation.accept',
          targetType: 'invitation',
          targetId: claimed.id,
          before: { status: 'open' },
          after: {
            status: 'used',
            usedBy: userId,
            email: result.user.email,
            role: 'admin',
            invitedBy: claimed.createdBy,
          },
        },
        tx,
      );
    });
    return { ...result, user: { ...result.user, role: 'admin', emailConfirmed: addressProven } };
  }

  /**
   * Operator use: makes an account and its password login, and no session (nobody is signing in). The
   * operator vouches for the address, so it counts as confirmed.
   * The caller has checked the email and the password's length. @throws EMAIL_TAKEN
   */
  async function createUser(input: { name: string; email: string; password: string }): Promise<Me> {
    const context = await auth.$context;
    const email = input.email.toLowerCase();
    if (await context.internalAdapter.findUserByEmail(email)) {
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    }
    const passwordHash = await context.password.hash(input.password);
    const user = await context.internalAdapter.createUser(
      { email, name: input.name, emailVerified: true },
      { method: 'email-password' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: passwordHash,
    });
    return toMe(user);
  }

  async function findUserByEmail(email: string, executor: Executor = db): Promise<Me | null> {
    const [user] = await executor.select().from(users).where(eq(users.email, email.toLowerCase()));
    return user ? toMe(user) : null;
  }

  /** For re-confirming identity (changing the PIN): the account password, checked like a sign-in. */
  async function verifyPassword(userId: string, password: string): Promise<boolean> {
    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return account?.password ? argon2Verify(account.password, password) : false;
  }

  async function findUsersByIds(ids: readonly string[]): Promise<Map<string, Me>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, toMe(row)]));
  }

  async function listUsers() {
    return db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id));
  }

  return {
    signUp,
    signIn,
    signOut,
    getSession,
    requestPasswordReset,
    resetPassword,
    requestEmailChange,
    sendEmailChangeLink,
    confirmEmailChange,
    resendEmailConfirmation,
    changePassword,
    signOutOtherSessions,
    holdSession,
    invitations,
    findOpenInvitation: (token: string) => invitations.findOpen(token),
    accounts: createUserAccounts({ db, clock }),
    registerAdmin,
    createUser,
    findUserByEmail,
    findUsersByIds,
    verifyPassword,
    listUsers,
    setRole,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

const isBlocked = (user: object) =>
  ('suspendedAt' in user && Boolean(user.suspendedAt)) || ('deletedAt' in user && Boolean(user.deletedAt));

const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

const emailChangeClaim = z.object({ email: z.string(), updateTo: z.string(), userId: z.string() });
/** A new account's link: its own address, no address to move to. */
const ownAddressClaim = z.object({
  email: z.string(),
  userId: z.string(),
  updateTo: z.undefined().optional(),
});

/** The claims of a signed token, unchecked; null when it is not one. */
function tokenPayload(token: string): unknown {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

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
async function call<T>(run: () => Promise<T>): Promise<T> {
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
