import {
  isPossibleBirthday,
  profileTexts,
  type DataExport,
  type Profile,
  type SignedInSession,
} from '@quickvend/shared/api/profile';
import { describeDevice } from '@quickvend/shared/device';
import { messages } from '@quickvend/shared/messages';
import { toNairaString } from '@quickvend/shared/money';
import { lagosDateOf } from '@quickvend/shared/periods';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { toApiKeyView, toManualRequestView, toPaymentView, type UserAdmin } from '../admin/index.ts';
import type { Actor } from '../audit/index.ts';
import type { AuthService, UserRow } from '../auth/index.ts';
import type { Beneficiaries } from '../beneficiaries/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { Partners } from '../partners/index.ts';
import { toPurchase, type PinService, type PurchaseEngine, type PurchaseRow } from '../purchases/index.ts';
import type { Referrals } from '../referrals/index.ts';
import { getWalletBreakdown, toStatementLine } from '../wallet/index.ts';

const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60 };
const PAGE = 100;
const EVERY_PAYMENT = 100_000;

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
  >;
  userAdmin: Pick<UserAdmin, 'closeOwnAccount'>;
  ledger: Pick<Ledger, 'getWalletBalance' | 'sumWalletByKind' | 'listWalletLines'>;
  purchases: Pick<PurchaseEngine, 'list'>;
  funding: Pick<FundingService, 'listPayments' | 'listManualRequests'>;
  referrals: Pick<Referrals, 'overview'>;
  partners: Pick<Partners, 'listKeys' | 'countActiveKeys'>;
  pins: Pick<PinService, 'status'>;
  beneficiaries: Pick<Beneficiaries, 'list'>;
  notifier: Pick<Notifier, 'exportFor'>;
  rateLimiter: Pick<RateLimiter, 'countFailures'>;
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

  async function everyPurchase(userId: string): Promise<PurchaseRow[]> {
    const all: PurchaseRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await deps.purchases.list(userId, { limit: PAGE, ...(cursor && { cursor }) });
      all.push(...page.purchases);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }

  async function everyWalletLine(userId: string) {
    const all = [];
    let cursor: number | undefined;
    do {
      const page = await deps.ledger.listWalletLines(userId, { limit: PAGE, cursor });
      all.push(...page.lines);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return all;
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

    /** @throws INVALID_CREDENTIALS, RATE_LIMITED, VALIDATION_FAILED (the address it already has) */
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
      await auth.requestEmailChange(input.email, headers);
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
     * revoking a key is its own deliberate step (with its own confirmation and mail).
     * @throws CONFLICT (active keys), NOT_FOUND
     */
    async setPartnerAccess(userId: string, enabled: boolean): Promise<Profile> {
      const row = await db.transaction(async (tx) => {
        if (!enabled) {
          const active = await deps.partners.countActiveKeys(userId, tx);
          if (active > 0) throw new AppError('CONFLICT', profileTexts.partnerAccessKeysActive(active));
        }
        return accounts.setPartnerAccess(userId, enabled, tx);
      });
      return toProfile(row);
    },

    /** Everything held about the customer, through each module's own reading of it. @throws NOT_FOUND */
    async exportData(userId: string, currentSessionId: string | null): Promise<DataExport> {
      const row = await liveUser(userId);
      const [
        profile,
        balanceKobo,
        breakdown,
        lines,
        purchases,
        payments,
        manual,
        referrals,
        keys,
        sessions,
        saved,
        pin,
        notices,
      ] = await Promise.all([
        toProfile(row),
        deps.ledger.getWalletBalance(userId),
        getWalletBreakdown(deps.ledger, userId),
        everyWalletLine(userId),
        everyPurchase(userId),
        deps.funding.listPayments(userId, EVERY_PAYMENT),
        deps.funding.listManualRequests({ userId }),
        deps.referrals.overview(userId),
        deps.partners.listKeys(userId),
        sessionsOf(userId, currentSessionId),
        deps.beneficiaries.list(userId),
        deps.pins.status(userId),
        deps.notifier.exportFor(userId),
      ]);
      return {
        exportedAt: clock.now().toISOString(),
        profile: { ...profile, emailVerified: row.emailVerified, role: row.role },
        wallet: { balanceKobo, balance: toNairaString(balanceKobo), breakdown },
        statement: lines.map(toStatementLine),
        purchases: purchases.map(toPurchase),
        payments: payments.map(toPaymentView),
        manualDeposits: manual.map(toManualRequestView),
        referrals,
        apiKeys: keys.map(toApiKeyView),
        sessions,
        savedNumbers: saved,
        transactionPin: { isSet: pin.hasPin },
        notifications: notices.notifications,
        notificationPreferences: notices.preferences,
      };
    },

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
