import {
  isPossibleBirthday,
  profileTexts,
  type Profile,
  type SignedInSession,
} from '@quickvend/shared/api/profile';
import { describeDevice } from '@quickvend/shared/device';
import { messages } from '@quickvend/shared/messages';
import { lagosDateOf } from '@quickvend/shared/periods';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { UserAdmin } from '../admin/index.ts';
import type { Actor } from '../audit/index.ts';
import type { AuthService, UserRow } from '../auth/index.ts';
import type { Beneficiaries } from '../beneficiaries/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { Partners } from '../partners/index.ts';
import type { PinService, PurchaseEngine } from '../purchases/index.ts';
import type { Referrals } from '../referrals/index.ts';
import { createDataExport } from './data-export.ts';

const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60 };
/** Confirmation links mailed per account: each goes to an address that has not proven itself. */
export const EMAIL_CHANGE_LIMITS = { perHour: 3, perDay: 10 };
export const CONFIRMATION_RESENDS_PER_HOUR = 3;
const HOUR_SECONDS = 60 * 60;

export type ProfileDeps = {
  db: Database;
  clock: Clock;
  auth: Pick<
    AuthService,
    | 'accounts'
    | 'verifyPassword'
    | 'requestEmailChange'
    | 'changePassword'
    | 'signOutOtherSessions'
    | 'signOut'
    | 'resendEmailConfirmation'
  >;
  userAdmin: Pick<UserAdmin, 'closeOwnAccount'>;
  ledger: Pick<Ledger, 'getWalletBalance' | 'sumWalletByKind' | 'listWalletLines'>;
  purchases: Pick<PurchaseEngine, 'list'>;
  funding: Pick<FundingService, 'listPayments' | 'listManualRequests'>;
  referrals: Pick<Referrals, 'overview'>;
  partners: Pick<Partners, 'listKeys' | 'countActiveKeys'>;
  pins: Pick<PinService, 'status'>;
  beneficiaries: Pick<Beneficiaries, 'list'>;
  notifier: Pick<Notifier, 'exportPage' | 'exportPreferences'>;
  rateLimiter: Pick<RateLimiter, 'countFailures' | 'consume'>;
};

/** The customer's own account: their details, sign-in, devices, partner access, their data and closing. */
export function createProfiles(deps: ProfileDeps) {
  const { db, clock, auth } = deps;
  const accounts = auth.accounts;

  async function liveUser(userId: string): Promise<UserRow> {
    const row = await accounts.findUser(userId);
    if (!row || row.deletedAt) throw new AppError('NOT_FOUND', messages.profile.notFound);
    return row;
  }

  async function toProfile(row: UserRow): Promise<Profile> {
    const { link } = await deps.referrals.overview(row.id);
    return {
      name: row.name,
      email: row.email,
      phone: row.phone,
      birthday: row.birthday,
      referralLink: link,
      partnerAccessSince: row.partnerAccessAt?.toISOString() ?? null,
      memberSince: row.createdAt.toISOString(),
    };
  }

  /** Wrong passwords count per account, so a stolen session cannot guess its way through. */
  async function checkPassword(userId: string, what: string, password: string, field: string) {
    await deps.rateLimiter.countFailures(
      [{ key: `${what}-password:user:${userId}`, ...PASSWORD_TRIES }],
      async () => {
        if (!(await auth.verifyPassword(userId, password))) {
          throw new AppError('INVALID_CREDENTIALS', profileTexts.wrongPassword, {
            fields: { [field]: profileTexts.wrongPassword },
          });
        }
      },
    );
  }

  async function sessionsOf(userId: string, currentSessionId: string | null): Promise<SignedInSession[]> {
    const rows = await accounts.listSessions(userId);
    return rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === currentSessionId,
    }));
  }

  return {
    /** @throws NOT_FOUND */
    async get(userId: string): Promise<Profile> {
      return toProfile(await liveUser(userId));
    },

    /** @throws VALIDATION_FAILED (a birthday not yet come), NOT_FOUND */
    async update(
      userId: string,
      input: { name: string; phone: string | null; birthday: string | null },
    ): Promise<Profile> {
      if (input.birthday !== null && !isPossibleBirthday(input.birthday, lagosDateOf(clock.now()))) {
        throw new AppError('VALIDATION_FAILED', profileTexts.birthdayInvalid, {
          fields: { birthday: profileTexts.birthdayInvalid },
        });
      }
      return toProfile(await accounts.updateOwnProfile(userId, input));
    },

    /**
     * Every request with the right password is counted before the mail goes, whether or not one goes (an
     * address another account holds gets none, and the answer is the same).
     * @throws INVALID_CREDENTIALS, RATE_LIMITED, VALIDATION_FAILED (the address it already has)
     */
    async requestEmailChange(
      user: { id: string; email: string },
      input: { email: string; password: string },
      headers: Headers,
    ): Promise<void> {
      await checkPassword(user.id, 'email-change', input.password, 'password');
      if (input.email === user.email) {
        throw new AppError('VALIDATION_FAILED', profileTexts.emailSame, {
          fields: { email: profileTexts.emailSame },
        });
      }
      await deps.rateLimiter.consume([
        {
          key: `email-change-mail:user:${user.id}`,
          max: EMAIL_CHANGE_LIMITS.perHour,
          windowSeconds: HOUR_SECONDS,
        },
        {
          key: `email-change-mail-day:user:${user.id}`,
          max: EMAIL_CHANGE_LIMITS.perDay,
          windowSeconds: 24 * HOUR_SECONDS,
        },
      ]);
      await auth.requestEmailChange(input.email, headers);
    },

    /**
     * A new link confirming the account's own address. Returns the address.
     * @throws RATE_LIMITED, CONFLICT (already confirmed), NOT_FOUND
     */
    async resendEmailConfirmation(userId: string): Promise<string> {
      await deps.rateLimiter.consume([
        {
          key: `email-confirmation-mail:user:${userId}`,
          max: CONFIRMATION_RESENDS_PER_HOUR,
          windowSeconds: HOUR_SECONDS,
        },
      ]);
      return auth.resendEmailConfirmation(userId);
    },

    /**
     * Every session ends, this browser gets a new one (the cookies returned).
     * @throws INVALID_CREDENTIALS, RATE_LIMITED
     */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      headers: Headers,
    ): Promise<string[]> {
      return deps.rateLimiter.countFailures(
        [{ key: `password-change:user:${userId}`, ...PASSWORD_TRIES }],
        () => auth.changePassword(input, headers),
      );
    },

    listSessions: sessionsOf,

    signOutOthers: (userId: string, currentSessionId: string, headers: Headers) =>
      auth.signOutOtherSessions(userId, currentSessionId, headers),

    /** @throws NOT_FOUND when the user has no session with that id */
    async endSession(userId: string, sessionId: string): Promise<void> {
      if (!(await accounts.endSession(userId, sessionId))) {
        throw new AppError('NOT_FOUND', profileTexts.sessionNotFound);
      }
    },

    /**
     * Off is refused while a key still works: a reseller's live systems never stop because of a switch;
     * revoking a key is its own deliberate step (with its own confirmation and mail). On needs a confirmed
     * email: an address someone else registered must not mint keys that outlive its owner's reset.
     * @throws EMAIL_NOT_CONFIRMED, CONFLICT (active keys), NOT_FOUND
     */
    async setPartnerAccess(userId: string, enabled: boolean): Promise<Profile> {
      if (enabled) await accounts.requireConfirmedEmail(userId);
      const row = await db.transaction(async (tx) => {
        // the account's row is locked first, as a key being made holds it: the keys are counted after that key
        const changed = await accounts.setPartnerAccess(userId, enabled, tx);
        if (!enabled) {
          const active = await deps.partners.countActiveKeys(userId, tx);
          if (active > 0) throw new AppError('CONFLICT', profileTexts.partnerAccessKeysActive(active));
        }
        return changed;
      });
      return toProfile(row);
    },

    /** Everything held about the customer, through each module's own reading of it, streamed. */
    exportData: createDataExport({ ...deps, liveUser, toProfile, sessionsOf }),

    /**
     * The password, then the same closing as the back office's Delete (the books kept, every session and
     * key ended). Returns the cookies that sign this browser out.
     * @throws INVALID_CREDENTIALS, RATE_LIMITED, CONFLICT (money left, a purchase or deposit open)
     */
    async closeAccount(actor: Actor, password: string, headers: Headers): Promise<string[]> {
      const userId = actor.id;
      if (!userId) throw new Error('closing an account needs its owner');
      await checkPassword(userId, 'close-account', password, 'password');
      await deps.userAdmin.closeOwnAccount(actor, userId);
      return auth.signOut(headers);
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
