import { and, desc, eq, inArray } from 'drizzle-orm';
import { verify as argon2Verify } from '@node-rs/argon2';
import { APIError } from 'better-auth/api';
import type { Me, Role } from '@quickvend/shared/api/auth';
import { profileTexts } from '@quickvend/shared/api/profile';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { accounts, sessions, users } from './auth.tables.ts';
import { confirmationMail, createEmailLinks } from './email-links.ts';
import { createInvitations } from './invitations.ts';
import { createPasswordResets, holdSession } from './password-reset.ts';
import {
  call,
  createSessionLibrary,
  EMAIL_TAKEN_MESSAGE,
  hashPassword,
  isBlocked,
  SESSION_ABSOLUTE_SECONDS,
  toMe,
  type SessionLibraryDeps,
} from './session-library.ts';
import { createUserAccounts } from './user-accounts.ts';

export type AuthDeps = SessionLibraryDeps & {
  /** where an invitation that made an admin is recorded */
  audit: Pick<AuditLog, 'record'>;
};

export type SessionResult = { user: Me; setCookie: string[] };

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;

  const resets = createPasswordResets({
    db,
    clock,
    hashPassword,
    apiKeys: deps.apiKeys,
    events: deps.events,
  });
  const auth = createSessionLibrary(deps, {
    keepNewest: (user, token) => resets.keepNewestLink(user, token),
    confirmationMail: (to, token) => confirmationMail(deps.appUrl, to, token),
  });
  const emailLinks = createEmailLinks({ db, clock, appUrl: deps.appUrl, mailer: deps.mailer, auth });
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
      void emailLinks.mailConfirmationLink(user).catch((error: unknown) => {
        deps.log.error({ err: error, userId: user.id }, 'the sign-up confirmation link was not mailed');
      });
    }
    return { user, setCookie: result.headers.getSetCookie() };
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
   * Sets a new password from a mailed link. In one transaction every reset link and session of the account ends,
   * every partner API key is revoked and the reset's event is recorded; the owner is then told what ended.
   * @throws INVALID_TOKEN, VALIDATION_FAILED
   */
  async function resetPassword(token: string, password: string): Promise<void> {
    await resets.reset(token, password);
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
    requestEmailChange: emailLinks.requestEmailChange,
    sendEmailChangeLink: emailLinks.sendEmailChangeLink,
    confirmEmailChange: emailLinks.confirmEmailChange,
    resendEmailConfirmation: emailLinks.resendEmailConfirmation,
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
