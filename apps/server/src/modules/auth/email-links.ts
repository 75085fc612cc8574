import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { profileTexts } from '@quickvend/shared/api/profile';
import { databaseErrorOf, type Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from './auth.tables.ts';
import { endResetLinks } from './password-reset.ts';
import {
  call,
  EMAIL_CHANGE_TOKEN_SECONDS,
  EMAIL_TAKEN_MESSAGE,
  type Mailer,
  type SessionLibrary,
} from './session-library.ts';

/** A new account's link: a day, since the account works meanwhile and a phone's mail may wait. */
const SIGN_UP_TOKEN_SECONDS = 24 * 60 * 60;

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

/**
 * The mail that carries a confirmation link to an address that has not proven itself, so nothing in it was
 * chosen by whoever asked (a name may hold a link). The token's claims tell a new account's link from a
 * change's.
 */
export function confirmationMail(appUrl: string, to: string, token: string) {
  const link = `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
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

/** The links that prove an address: a new account's own, and the one an email change mails to the new address. */
export function createEmailLinks(deps: {
  db: Database;
  clock: Clock;
  appUrl: string;
  mailer: Mailer;
  auth: SessionLibrary;
}) {
  const { db, clock, auth } = deps;

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
    await deps.mailer.send(confirmationMail(deps.appUrl, user.email.toLowerCase(), token));
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

  return {
    mailConfirmationLink,
    resendEmailConfirmation,
    requestEmailChange,
    sendEmailChangeLink,
    confirmEmailChange,
  };
}
