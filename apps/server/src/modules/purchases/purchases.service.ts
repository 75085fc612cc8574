import type { FastifyBaseLogger } from 'fastify';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Approvals } from '../approvals/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Catalog } from '../catalog/index.ts';
import type { PriceChannel } from '@quickvend/shared/pricing';
import type { Ledger } from '../ledger/index.ts';
import { createOrderResolver } from './order.resolve.ts';
import type { PinService } from './pin.service.ts';
import { createDisputes } from './disputes.service.ts';
import { createPurchaseAdmin, type BuyerDirectory } from './purchase-admin.service.ts';
import { createPurchaseFlow, WEB_PURCHASES_PER_MINUTE } from './purchase-flow.ts';
import { createPurchaseSteps, type DeliveredOutcome, type OutcomeNote } from './purchase-steps.ts';
import { createPurchaseTimeline, type PurchaseEventInput } from './purchase-timeline.ts';
import { findPurchaseProblems } from './purchases.invariants.ts';
import type { BillsProvider, KeySpendPort, PurchaseRouting } from './purchases.port.ts';
import { createPurchasesRepo, type PurchaseRow } from './purchases.repo.ts';
import { createPurchaseSearch } from './purchases.search.ts';
import { createRequery } from './requery.service.ts';
import type { VerificationService } from './verification.service.ts';

export type PurchaseEngineDeps = {
  db: Database;
  ledger: Ledger;
  provider: BillsProvider;
  /** which aggregator sells each purchase, and where it goes after a definite failure; default VTpass only */
  routing?: PurchaseRouting;
  catalog: Catalog;
  pins: PinService;
  verifications: Pick<VerificationService, 'ensure'>;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** sandbox mode accepts the provider's sandbox test numbers as phone numbers */
  acceptsSandboxNumbers: boolean;
  /** a purchase still `processing` this long is taken to be orphaned by a crash and requeried */
  recheckAfterSeconds: number;
  /** the back office's actions are audited, and delivery without the provider's word needs a second admin */
  audit: Pick<AuditLog, 'record'>;
  approvals: Pick<Approvals, 'request' | 'list'>;
  users: BuyerDirectory;
  /** counts what costs a provider call on a customer's word ("I didn't get it"), and web purchases */
  limiter: Pick<RateLimiter, 'consume'>;
  /** web purchases one customer may attempt in a minute; default WEB_PURCHASES_PER_MINUTE */
  webPurchasesPerMinute?: number;
  /** a partner key's daily spend, moved in the purchase's hold and refund transactions */
  keySpend: KeySpendPort;
  /** where a closed "I didn't get it" report records its event */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
};

/**
 * What an operator may do to one purchase: the same steps the purchase flow and the requery job take. Each
 * returns the purchase as it left it, or null when no open purchase has that id (final ones are never moved).
 */
export type PurchaseActions = {
  /** asks the provider now and applies its answer, as the requery job does */
  requeryNow(purchaseId: string): Promise<void>;
  settle(purchaseId: string, outcome: DeliveredOutcome): Promise<PurchaseRow | null>;
  refund(purchaseId: string, outcome: OutcomeNote): Promise<PurchaseRow | null>;
  keepPending(purchaseId: string, outcome: OutcomeNote): Promise<PurchaseRow | null>;
};

/** Orders read as the deployment reads them, and a test key's as the sandbox does (the simulators' numbers). */
function draftOrderFor(deps: Pick<PurchaseEngineDeps, 'catalog' | 'acceptsSandboxNumbers'>) {
  const live = createOrderResolver({
    catalog: deps.catalog,
    acceptsSandboxNumbers: deps.acceptsSandboxNumbers,
  });
  const test = createOrderResolver({ catalog: deps.catalog, acceptsSandboxNumbers: true });
  return (body: CreatePurchaseBody, channel: PriceChannel, mode: 'live' | 'test') =>
    (mode === 'test' ? test : live)(body, channel);
}

export function createPurchaseEngine(deps: PurchaseEngineDeps) {
  const { db, provider, clock, log } = deps;
  const repo = createPurchasesRepo(db);
  const timeline = createPurchaseTimeline({ db, clock, log });
  const steps = createPurchaseSteps({
    db,
    ledger: deps.ledger,
    provider,
    ...(deps.routing && { routing: deps.routing }),
    timeline,
    jobs: deps.jobs,
    clock,
    log,
    keySpend: deps.keySpend,
    ...(deps.events && { events: deps.events }),
  });
  const requery = createRequery({
    repo,
    steps,
    provider,
    timeline,
    jobs: deps.jobs,
    clock,
    log,
    recheckAfterSeconds: deps.recheckAfterSeconds,
  });
  const admin = createPurchaseAdmin({
    repo,
    steps,
    requeryNow: requery.requeryNow,
    timeline,
    search: createPurchaseSearch(db),
    audit: deps.audit,
    approvals: deps.approvals,
    users: deps.users,
    clock,
  });
  const actions: PurchaseActions = {
    async requeryNow(purchaseId) {
      await requery.requeryNow(purchaseId);
    },
    settle: (purchaseId, outcome) => steps.applyById(purchaseId, outcome),
    refund: (purchaseId, note) =>
      steps.applyById(purchaseId, { status: 'failed', message: note.message, code: null }),
    keepPending: (purchaseId, note) =>
      steps.applyById(purchaseId, { status: 'pending', message: note.message, code: null }),
  };

  return {
    create: createPurchaseFlow({
      repo,
      steps,
      draftOrder: draftOrderFor(deps),
      verifications: deps.verifications,
      balanceOf: (userId) => deps.ledger.getWalletBalance(userId),
      pins: deps.pins,
      limiter: deps.limiter,
      webPurchasesPerMinute: deps.webPurchasesPerMinute ?? WEB_PURCHASES_PER_MINUTE,
      provider,
      ...(deps.routing && { routing: deps.routing }),
      timeline,
      clock,
    }),
    findByRequestId: repo.findByRequestId,
    /** the caller's purchase, VTpass asked first when it has been pending over a minute (requery.freshen) */
    async findFreshByRequestId(userId: string, requestId: string): Promise<PurchaseRow | null> {
      const row = await repo.findByRequestId(userId, requestId);
      return row && requery.freshen(row);
    },
    list: repo.listForUser,
    /** purchases still open a day after they were made, oldest first */
    listFlagged: admin.listStuck,
    /** the requery job's work (actions.requeryNow) */
    recheck: (purchaseId: string) => actions.requeryNow(purchaseId),
    findById: repo.findById,
    findByIds: repo.findByIds,
    /** adds a line to a purchase's timeline (never throws: see purchase-timeline.ts) */
    note: (event: PurchaseEventInput) => timeline.record(event),
    onProviderCallback: requery.onProviderCallback,
    reconcile: requery.reconcile,
    verify: () => findPurchaseProblems(db, deps.ledger),
    actions,
    /** what the back office does to purchases */
    admin,
    /** "I didn't get it" reports */
    disputes: createDisputes({
      db,
      repo,
      provider,
      timeline,
      audit: deps.audit,
      limiter: deps.limiter,
      users: deps.users,
      clock,
      ...(deps.events && { events: deps.events }),
    }),
  };
}

export type PurchaseEngine = ReturnType<typeof createPurchaseEngine>;
