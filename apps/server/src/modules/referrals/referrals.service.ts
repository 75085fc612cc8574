import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Me } from '@quickvend/shared/api/auth';
import type { Referral, ReferralDeclinedReason, ReferralsResponse } from '@quickvend/shared/api/referrals';
import { messages } from '@quickvend/shared/messages';
import { kobo, toNairaString } from '@quickvend/shared/money';
import { databaseErrorOf, type Database, type Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Settings } from '../settings/index.ts';
import { referralCodes, referrals } from './referrals.tables.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** The spec's shape (an id, a dash, 6 uppercase letters or digits), with a random id instead of the user's. */
export const newReferralCode = () => `${pick(LOWER, 6)}-${pick(UPPER, 6)}`;

/** `ada.obi@gmail.com` → `ad***@gmail.com`: enough for the referrer to recognise a friend, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export type ReferralsDeps = {
  db: Database;
  ledger: Pick<Ledger, 'post' | 'lockWalletBalance'>;
  settings: Pick<Settings, 'get'>;
  /** whether the account is closed; read after its wallet row is locked */
  isClosed?: (userId: string, tx: Transaction) => Promise<boolean>;
  clock: Clock;
  appUrl: string;
  findUsersByIds: (ids: readonly string[]) => Promise<Map<string, Me>>;
  /** whether the two accounts were ever used from one browser */
  shareBrowser: (userId: string, otherUserId: string, tx: Transaction) => Promise<boolean>;
  /** whether one card or one bank account paid into both accounts (the first account's payments read first) */
  sharedPayer: (userId: string, otherUserId: string, tx: Transaction) => Promise<'card' | 'bank' | null>;
};

const isDeclinedReason = (reason: string | null): reason is ReferralDeclinedReason =>
  reason === 'shared-device' || reason === 'shared-card' || reason === 'shared-payer-account';

/** The refer-and-earn programme: codes, who referred whom, and the reward on the referred account's first funding. */
export function createReferrals(deps: ReferralsDeps) {
  const { db, ledger, settings, clock } = deps;

  /** Why the referred account looks like the referrer's own, or null for a friend. */
  async function oneOwnersReason(
    referredUserId: string,
    referrerUserId: string,
    tx: Transaction,
  ): Promise<ReferralDeclinedReason | null> {
    if (await deps.shareBrowser(referredUserId, referrerUserId, tx)) return 'shared-device';
    const payer = await deps.sharedPayer(referredUserId, referrerUserId, tx);
    if (payer === 'card') return 'shared-card';
    if (payer === 'bank') return 'shared-payer-account';
    return null;
  }

  async function codeOf(userId: string): Promise<{ code: string; rewardsSeenAt: Date }> {
    for (let attempt = 0; ; attempt++) {
      const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
      if (existing) return existing;
      try {
        await db
          .insert(referralCodes)
          .values({ userId, code: newReferralCode(), rewardsSeenAt: clock.now() })
          .onConflictDoNothing({ target: referralCodes.userId });
      } catch (error) {
        // another customer already has this code (1 in 2 billion): draw again
        if (databaseErrorOf(error)?.constraint !== 'referral_codes_code_unique' || attempt > 3) throw error;
      }
    }
  }

  return {
    /** @returns the user who owns `code`, or null */
    async ownerOf(code: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: referralCodes.userId })
        .from(referralCodes)
        .where(eq(referralCodes.code, code));
      return row?.userId ?? null;
    },

    /**
     * Notes that `referredUserId` signed up with `code`. Once per referred account; nobody refers themselves.
     * @throws VALIDATION_FAILED for a code nobody has
     */
    async record(referredUserId: string, code: string): Promise<void> {
      const referrerUserId = await this.ownerOf(code);
      if (!referrerUserId)
        throw new AppError('VALIDATION_FAILED', messages.referrals.unknownCode, {
          fields: { ref: messages.referrals.unknownCode },
        });
      if (referrerUserId === referredUserId) return;
      await db
        .insert(referrals)
        .values({ referredUserId, referrerUserId, createdAt: clock.now() })
        .onConflictDoNothing({ target: referrals.referredUserId });
    },

    /**
     * The referrer's reward, inside the transaction that credits `userId`'s funding (its payer already recorded):
     * decided once, on the first funding, because only a pending referral is decided. Concurrent fundings queue on
     * the referral row. Declined, with its reason, when the two accounts look like one person's (a browser, card
     * or bank account both used). A referrer who has closed their account is not paid, then or later (the reward
     * is recorded as ₦0).
     */
    async rewardFirstFunding(tx: Transaction, userId: string): Promise<void> {
      const [pending] = await tx
        .select()
        .from(referrals)
        .where(and(eq(referrals.referredUserId, userId), eq(referrals.status, 'pending')))
        .for('update');
      if (!pending) return;
      const declinedReason = await oneOwnersReason(userId, pending.referrerUserId, tx);
      if (declinedReason) {
        await tx
          .update(referrals)
          .set({ status: 'declined', declinedReason })
          .where(eq(referrals.referredUserId, userId));
        return;
      }
      const rewardKobo = kobo(await settings.get('referrals.rewardKobo', tx));
      const [rewarded] = await tx
        .update(referrals)
        .set({ status: 'success', rewardKobo, rewardedAt: clock.now() })
        .where(and(eq(referrals.referredUserId, userId), eq(referrals.status, 'pending')))
        .returning();
      if (!rewarded || rewardKobo === 0) return;
      // closing an account holds its wallet's lock until it commits: read after it, a closing is seen
      await ledger.lockWalletBalance(rewarded.referrerUserId, tx);
      if (await deps.isClosed?.(rewarded.referrerUserId, tx)) {
        await tx
          .update(referrals)
          .set({ rewardKobo: kobo(0) })
          .where(eq(referrals.referredUserId, userId));
        return;
      }
      await ledger.post(
        {
          reference: `referral:${userId}:reward`,
          kind: 'referral.reward',
          memo: 'Referral reward',
          postings: [
            {
              from: { system: 'expense:referrals' },
              to: { wallet: rewarded.referrerUserId },
              amountKobo: rewardKobo,
            },
          ],
        },
        tx,
      );
    },

    /** The customer's code and link, the people they referred (newest first) and what it earned them. */
    async overview(userId: string): Promise<ReferralsResponse> {
      const { code, rewardsSeenAt } = await codeOf(userId);
      const rows = await db
        .select()
        .from(referrals)
        .where(eq(referrals.referrerUserId, userId))
        .orderBy(desc(referrals.createdAt));
      const people = await deps.findUsersByIds(rows.map((row) => row.referredUserId));
      const [totals] = await db
        .select({
          earned: sql<string>`coalesce(sum(${referrals.rewardKobo}), 0)`,
          fresh: sql<string>`coalesce(sum(${referrals.rewardKobo}) filter (where ${referrals.rewardedAt} > ${rewardsSeenAt}), 0)`,
        })
        .from(referrals)
        .where(and(eq(referrals.referrerUserId, userId), eq(referrals.status, 'success')));
      const rewardKobo = kobo(await settings.get('referrals.rewardKobo'));
      const earnedKobo = kobo(Number(totals?.earned ?? 0));
      return {
        code,
        link: `${deps.appUrl}/signup?ref=${encodeURIComponent(code)}`,
        rewardKobo,
        reward: toNairaString(rewardKobo),
        earnedKobo,
        earned: toNairaString(earnedKobo),
        newRewardsKobo: kobo(Number(totals?.fresh ?? 0)),
        referrals: rows.map((row): Referral => {
          const person = people.get(row.referredUserId);
          return {
            name: person ? firstName(person.name) : 'A customer',
            email: person ? maskEmail(person.email) : '***',
            status: row.status,
            declinedReason:
              row.status === 'declined' && isDeclinedReason(row.declinedReason) ? row.declinedReason : null,
            joinedAt: row.createdAt.toISOString(),
            rewardedAt: row.rewardedAt?.toISOString() ?? null,
            rewardKobo: row.rewardKobo,
          };
        }),
      };
    },

    /** The reward paid for `referredUserId`'s first funding, once it has been paid; null before (or for none). */
    async paidRewardFor(referredUserId: string) {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, 'success')));
      if (!row?.rewardKobo) return null;
      const referred = (await deps.findUsersByIds([referredUserId])).get(referredUserId);
      return {
        referrerUserId: row.referrerUserId,
        referredUserId,
        referredFirstName: referred ? firstName(referred.name) : '',
        rewardKobo: kobo(row.rewardKobo),
      };
    },

    /** The first name of each of these customers, as the referrals page shows a friend; an unknown id is absent. */
    async firstNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      const people = await deps.findUsersByIds(userIds);
      return new Map([...people].map(([id, person]) => [id, firstName(person.name)]));
    },

    /** The referrer has seen their rewards: the next overview counts none of them as new. */
    async markRewardsSeen(userId: string): Promise<void> {
      await codeOf(userId);
      await db
        .update(referralCodes)
        .set({ rewardsSeenAt: clock.now() })
        .where(eq(referralCodes.userId, userId));
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
