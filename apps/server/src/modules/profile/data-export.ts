import { z } from 'zod';
import {
  DATA_EXPORTS_PER_HOUR,
  dataExport,
  profileTexts,
  type DataExport,
  type Profile,
  type SignedInSession,
} from '@quickvend/shared/api/profile';
import { toNairaString } from '@quickvend/shared/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { toManualRequestView, toPaymentView } from '../admin/index.ts';
import type { UserRow } from '../auth/index.ts';
import type { Beneficiaries } from '../beneficiaries/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Notifier } from '../notifications/index.ts';
import { toApiKeyView, type Partners } from '../partners/index.ts';
import { toPurchase, type PinService, type PurchaseEngine } from '../purchases/index.ts';
import type { Referrals } from '../referrals/index.ts';
import { getWalletBreakdown, toLedgerLine } from '../wallet/index.ts';

/** Rows read per query: the export holds at most two pages of one list (one written, the next being read). */
export const EXPORT_PAGE = 500;
const HOUR_SECONDS = 60 * 60;
const EVERY_PAYMENT = 100_000;

export type DataExportDeps = {
  clock: Clock;
  ledger: Pick<Ledger, 'getWalletBalance' | 'sumWalletByKind' | 'listWalletLines'>;
  purchases: Pick<PurchaseEngine, 'list'>;
  funding: Pick<FundingService, 'listPayments' | 'listManualRequests'>;
  referrals: Pick<Referrals, 'overview'>;
  partners: Pick<Partners, 'listKeys'>;
  pins: Pick<PinService, 'status'>;
  beneficiaries: Pick<Beneficiaries, 'list'>;
  notifier: Pick<Notifier, 'exportPage' | 'exportPreferences'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** the profile module's own readings of the account */
  liveUser: (userId: string) => Promise<UserRow>;
  toProfile: (row: UserRow) => Promise<Profile>;
  sessionsOf: (userId: string, currentSessionId: string | null) => Promise<SignedInSession[]>;
};

const sections = dataExport.shape;
type Section = keyof DataExport;

/** One value as the route's response schema would send it: unknown fields dropped, the contract checked. */
const encode = <S extends Section>(section: S, value: DataExport[S]) =>
  JSON.stringify(z.encode(sections[section], value));

type ListSection = {
  [S in Section]: DataExport[S] extends unknown[] ? S : never;
}[Section];
type Item<S extends ListSection> = DataExport[S][number];

/** One page of a list, read off an index after the last row of the page before (`cursor`). */
type Page<S extends ListSection, C> = (
  cursor: C | undefined,
) => Promise<{ items: Item<S>[]; next: C | null }>;

/**
 * A long list (statement, purchases, notices) written a page at a time as it is read. Its items come from their
 * modules' mappers, object literals the types hold to the contract, and are written as they are: a schema check
 * of each one was a sixth of the export's CPU.
 */
async function* paged<S extends ListSection, C>(section: S, read: Page<S, C>): AsyncGenerator<string> {
  yield `,"${section}":[`;
  let reading = read(undefined);
  let isFirst = true;
  for (;;) {
    const { items, next } = await reading;
    // the next page is read while this one is written: two pages at most, and the database never waits on
    // the network; a read left behind by a customer who went away is dropped, its failure with it
    if (next !== null) {
      reading = read(next);
      void reading.catch(() => undefined);
    }
    if (items.length > 0) {
      yield (isFirst ? '' : ',') + items.map((item) => JSON.stringify(item)).join(',');
      isFirst = false;
    }
    if (next === null) break;
  }
  yield ']';
}

/**
 * A short list, read in one go: one a customer cannot grow cheaply (each item costs money, an admin's decision
 * or a sign-in, or has a cap), each item checked against the contract as the route's schema would.
 */
async function* listed<S extends ListSection>(section: S, read: () => Promise<Item<S>[]>) {
  const element = sections[section].element as z.ZodType<Item<S>>;
  const items = await read();
  yield `,"${section}":[${items.map((item) => JSON.stringify(z.encode(element, item))).join(',')}]`;
}

/**
 * "Download my data": the same document as the `dataExport` schema, written as it is read, so the server never
 * holds more than two pages of a list however long the customer's history. Counted before any work.
 */
export function createDataExport(deps: DataExportDeps) {
  const { ledger } = deps;

  /**
   * The document in pieces: the caller sends each as it comes. A piece that cannot be read throws, leaving the
   * document unfinished (never closed, so it never passes for a whole one).
   * @throws RATE_LIMITED (details.retryAfterSeconds), NOT_FOUND; both before the first piece
   */
  return async function exportData(
    userId: string,
    currentSessionId: string | null,
  ): Promise<AsyncGenerator<string>> {
    try {
      await deps.rateLimiter.consume([
        { key: `data-export:user:${userId}`, max: DATA_EXPORTS_PER_HOUR, windowSeconds: HOUR_SECONDS },
      ]);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      const seconds = Number(error.details?.['retryAfterSeconds'] ?? HOUR_SECONDS);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new AppError('RATE_LIMITED', profileTexts.exportLimited(minutes), error.details);
    }
    const row = await deps.liveUser(userId);
    const [profile, balanceKobo, breakdown] = await Promise.all([
      deps.toProfile(row),
      ledger.getWalletBalance(userId),
      getWalletBreakdown(ledger, userId),
    ]);
    const exportedAt = deps.clock.now().toISOString();

    async function* document(): AsyncGenerator<string> {
      yield `{"exportedAt":${encode('exportedAt', exportedAt)}`;
      yield `,"profile":${encode('profile', { ...profile, emailVerified: row.emailVerified, role: row.role })}`;
      yield `,"wallet":${encode('wallet', { balanceKobo, balance: toNairaString(balanceKobo), breakdown })}`;
      yield* paged('statement', async (cursor: number | undefined) => {
        const page = await ledger.listWalletLines(userId, { limit: EXPORT_PAGE, cursor });
        return { items: page.lines.map(toLedgerLine), next: page.nextCursor };
      });
      yield* paged('purchases', async (cursor: string | undefined) => {
        const page = await deps.purchases.list(userId, { limit: EXPORT_PAGE, cursor });
        return { items: page.purchases.map(toPurchase), next: page.nextCursor };
      });
      yield* listed('payments', async () =>
        (await deps.funding.listPayments(userId, EVERY_PAYMENT)).map(toPaymentView),
      );
      yield* listed('manualDeposits', async () =>
        (await deps.funding.listManualRequests({ userId })).map(toManualRequestView),
      );
      yield `,"referrals":${encode('referrals', await deps.referrals.overview(userId))}`;
      yield* listed('apiKeys', async () => (await deps.partners.listKeys(userId)).map(toApiKeyView));
      yield* listed('sessions', () => deps.sessionsOf(userId, currentSessionId));
      yield* listed('savedNumbers', () => deps.beneficiaries.list(userId));
      const pin = await deps.pins.status(userId);
      yield `,"transactionPin":${encode('transactionPin', { isSet: pin.hasPin })}`;
      yield* paged('notifications', async (cursor: string | undefined) => {
        const page = await deps.notifier.exportPage(userId, { limit: EXPORT_PAGE, cursor });
        return { items: page.notifications, next: page.nextCursor };
      });
      const preferences = await deps.notifier.exportPreferences(userId);
      yield `,"notificationPreferences":${encode('notificationPreferences', preferences)}}`;
    }

    return document();
  };
}
