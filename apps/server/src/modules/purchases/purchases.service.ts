import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreatePurchaseBody, PurchaseStatus } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import {
  applyDiscount,
  checkMeterForm,
  checkShowmaxForm,
  checkTvForm,
  isSandboxNumber,
  compactNumber,
  type TvServiceId,
} from '@quickvend/shared/bills';
import { AmountError, formatNaira, kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import { normalisePhone } from '@quickvend/shared/phone';
import { EXAM_MAX_QUANTITY } from '@quickvend/shared/services';
import {
  databaseErrorOf,
  fromDriverRow,
  insertFrom,
  queryRows,
  slotFor,
  type Database,
} from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { findServiceDefinition, type Catalog, type CatalogService } from '../catalog/index.ts';
import type { Ledger, Posting } from '../ledger/index.ts';
import type { PinService } from './pin.service.ts';
import type { VerificationService } from './verification.service.ts';
import {
  ProviderUnavailableError,
  type BillsProvider,
  type CustomerCheck,
  type ProviderOutcome,
  type VerifiedCustomer,
} from './purchases.port.ts';
import { purchases, type StoredPurchaseStatus } from './purchases.tables.ts';

export const REQUERY_JOB = 'purchases.requery';
export const RECONCILE_JOB = 'purchases.reconcile';

/** Seconds before each successive requery of a pending purchase; hourly after the last. */
const BACKOFF_SECONDS = [15, 30, 60, 120, 300, 600, 1800];
const HOURLY = 3600;
/** A purchase the provider says it never saw is refunded only after this long (it may still be arriving). */
const UNKNOWN_GRACE_MS = 5 * 60_000;
const FLAG_AFTER_MS = 24 * 60 * 60_000;
const OPEN: StoredPurchaseStatus[] = ['processing', 'pending'];

export type PurchaseRow = typeof purchases.$inferSelect;
type Owner = { id: string };

const backoffSeconds = (checks: number) => BACKOFF_SECONDS[checks] ?? HOURLY;

export type PurchaseEngineDeps = {
  db: Database;
  ledger: Ledger;
  provider: BillsProvider;
  catalog: Catalog;
  pins: PinService;
  verifications: Pick<VerificationService, 'ensure'>;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** sandbox mode accepts the provider's sandbox test numbers as phone numbers */
  acceptsSandboxNumbers: boolean;
  /** told after a web purchase delivered a token or PINs (and the money has settled) */
  onCredentialDelivered?: (purchase: PurchaseRow) => void;
  /** a purchase still `processing` this long is taken to be orphaned by a crash and requeried */
  recheckAfterSeconds: number;
};

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : undefined);

export function createPurchaseEngine(deps: PurchaseEngineDeps) {
  const { db, ledger, provider, catalog, clock, log } = deps;
  const sandbox = deps.acceptsSandboxNumbers;

  function readPhone(raw: string): string {
    const digits = raw.replace(/[\s\-().]/g, '');
    if (sandbox && isSandboxNumber(digits)) return digits;
    const phone = normalisePhone(raw);
    if (phone) return phone;
    throw invalid(messages.purchase.invalidPhone, 'phone');
  }

  function readAmount(raw: string | number | undefined): Kobo {
    if (raw === undefined || raw === '') throw invalid(messages.purchase.allFieldsRequired, 'amount');
    try {
      const amount = parseNaira(raw);
      if (amount <= 0) throw invalid(messages.purchase.invalidAmount, 'amount');
      return amount;
    } catch (error) {
      if (error instanceof AmountError) throw invalid(messages.purchase.invalidAmount, 'amount');
      throw error;
    }
  }

  const required = () => invalid(messages.purchase.allFieldsRequired);

  function checkLimits(amountKobo: Kobo, minimumKobo: Kobo | null, maximumKobo: Kobo | null): void {
    if (minimumKobo !== null && amountKobo < minimumKobo) {
      throw invalid(messages.purchase.minimumAmount(formatNaira(minimumKobo)), 'amount');
    }
    if (maximumKobo !== null && amountKobo > maximumKobo) {
      throw invalid(messages.purchase.maximumAmount(formatNaira(maximumKobo)), 'amount');
    }
  }

  /** The provider's sandbox scenario numbers test what a sale does; they have no customer to verify. */
  async function verifiedCustomer(userId: string, check: CustomerCheck): Promise<VerifiedCustomer | null> {
    if (sandbox && isSandboxNumber(check.billersCode)) return null;
    return deps.verifications.ensure(userId, check);
  }

  async function findPlan(serviceId: string, code: string | undefined, message: string) {
    const variation = code ? await catalog.findVariation(serviceId, code) : undefined;
    if (!variation || variation.amountKobo <= 0) throw invalid(message, 'variationCode');
    return variation;
  }

  type Order = {
    phone: string;
    amountKobo: Kobo;
    billersCode?: string | null;
    variationCode?: string | null;
    planName?: string | null;
    subscriptionType?: 'change' | 'renew' | null;
    quantity?: number | null;
    customerName?: string | null;
  };

  async function resolveTv(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    const variation = body.variationCode
      ? await catalog.findVariation(service.id, body.variationCode)
      : undefined;
    const planAmountKobo = variation?.amountKobo ?? null;
    if (service.id === 'showmax') {
      const problem = checkShowmaxForm(
        { phone: body.phone ?? '', hasPlanChoice: Boolean(body.variationCode), planAmountKobo },
        sandbox,
      );
      if (problem) throw invalid(problem);
      const phone = readPhone(body.phone ?? '');
      // the phone number is the Showmax account
      return {
        phone,
        billersCode: phone,
        amountKobo: kobo(planAmountKobo ?? 0),
        variationCode: variation?.code,
        planName: variation?.name,
      };
    }
    const serviceId = service.id as TvServiceId;
    if (serviceId === 'startimes' && body.subscriptionType === 'renew') {
      throw invalid(messages.bills.renewUnavailable, 'subscriptionType');
    }
    const subscriptionType = body.subscriptionType ?? 'change';
    const problem = checkTvForm(
      serviceId,
      {
        smartCard: body.billersCode ?? '',
        phone: body.phone ?? '',
        subscriptionType,
        planAmountKobo,
        hasPlanChoice: Boolean(body.variationCode),
      },
      sandbox,
    );
    if (problem) throw invalid(problem);
    const phone = readPhone(body.phone ?? '');
    const billersCode = compactNumber(body.billersCode ?? '');
    const customer = await verifiedCustomer(userId, { serviceId, billersCode });
    const base = {
      phone,
      billersCode,
      customerName: customer?.customerName ?? null,
      // StarTimes has no renew/change choice at the provider
      subscriptionType: serviceId === 'startimes' ? null : subscriptionType,
    };
    if (subscriptionType === 'renew') {
      if (!customer?.renewalKobo) throw invalid(messages.bills.renewUnavailable, 'subscriptionType');
      return {
        ...base,
        amountKobo: customer.renewalKobo,
        planName: customer.currentBouquet ? `${customer.currentBouquet} (renewal)` : 'Renewal',
      };
    }
    return {
      ...base,
      amountKobo: kobo(planAmountKobo ?? 0),
      variationCode: variation?.code,
      planName: variation?.name,
    };
  }

  async function resolveElectricity(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    const meterType = body.type ?? body.variationCode ?? '';
    const problem = checkMeterForm({ meterNumber: body.billersCode ?? '', meterType, serviceId: service.id });
    if (problem) throw invalid(problem);
    const amountKobo = readAmount(body.amount);
    const phone = readPhone(body.phone ?? '');
    const billersCode = compactNumber(body.billersCode ?? '');
    const customer = await verifiedCustomer(userId, { serviceId: service.id, billersCode, type: meterType });
    if (customer?.canVend === false) throw new AppError('CUSTOMER_NOT_VERIFIED', messages.bills.cannotVend);
    const minimum = Math.max(service.minimumKobo ?? 0, customer?.minimumKobo ?? 0);
    const maximum = Math.min(service.maximumKobo ?? Infinity, customer?.maximumKobo ?? Infinity);
    checkLimits(
      amountKobo,
      minimum > 0 ? kobo(minimum) : null,
      Number.isFinite(maximum) ? kobo(maximum) : null,
    );
    return {
      phone,
      billersCode,
      amountKobo,
      variationCode: meterType,
      planName: meterType === 'prepaid' ? 'Prepaid meter' : 'Postpaid meter',
      customerName: customer?.customerName ?? null,
    };
  }

  async function resolveExam(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    if (!body.variationCode || (service.verification === 'profile' && !body.billersCode)) throw required();
    const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidPlanOrAmount);
    const phone = readPhone(body.phone ?? '');
    if (service.verification === 'profile') {
      const billersCode = compactNumber(body.billersCode ?? '');
      const customer = await verifiedCustomer(userId, {
        serviceId: service.id,
        billersCode,
        type: variation.code,
      });
      return {
        phone,
        billersCode,
        amountKobo: variation.amountKobo,
        variationCode: variation.code,
        planName: variation.name,
        customerName: customer?.customerName ?? null,
      };
    }
    const quantity = body.quantity ?? 1;
    if (quantity < 1 || quantity > EXAM_MAX_QUANTITY) throw invalid(messages.bills.quantityRange, 'quantity');
    return {
      phone,
      amountKobo: kobo(variation.amountKobo * quantity),
      variationCode: variation.code,
      planName: quantity > 1 ? `${variation.name} × ${quantity}` : variation.name,
      quantity,
    };
  }

  async function resolveOrder(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    switch (service.kind) {
      case 'airtime': {
        const amountKobo = readAmount(body.amount);
        const phone = readPhone(body.phone ?? '');
        checkLimits(amountKobo, service.minimumKobo, service.maximumKobo);
        return { phone, amountKobo };
      }
      case 'data': {
        if (!body.variationCode) throw required();
        const phone = readPhone(body.phone ?? '');
        const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidDataPlan);
        return {
          phone,
          amountKobo: variation.amountKobo,
          variationCode: variation.code,
          planName: variation.name,
        };
      }
      case 'tv':
        return resolveTv(userId, service, body);
      case 'electricity':
        return resolveElectricity(userId, service, body);
      case 'education':
        return resolveExam(userId, service, body);
    }
  }

  /**
   * What will be bought and charged; the server alone decides prices and discounts.
   * @throws VALIDATION_FAILED, PRODUCT_UNAVAILABLE, CUSTOMER_NOT_VERIFIED
   */
  async function resolveRequest(userId: string, body: CreatePurchaseBody) {
    const service = await catalog.getService(body.serviceId);
    if (!service)
      throw new AppError('PRODUCT_UNAVAILABLE', 'We do not sell that service.', {
        fields: { serviceId: 'Unknown service.' },
      });
    if (!body.phone) throw required();
    const order = await resolveOrder(userId, service, body);
    return {
      service,
      ...order,
      chargedKobo: applyDiscount(order.amountKobo, service.discountBps).chargedKobo,
    };
  }

  const hashRequest = (body: CreatePurchaseBody) =>
    createHash('sha256')
      .update(
        JSON.stringify([
          body.serviceId,
          (body.phone ?? '').replace(/\s/g, ''),
          body.amount === undefined ? null : String(body.amount),
          body.variationCode ?? null,
          body.billersCode ?? null,
          body.subscriptionType ?? null,
          body.quantity ?? null,
          // appended only when present, so keys stored before meter types existed still match
          ...(body.type ? [body.type] : []),
        ]),
      )
      .digest('base64url');

  // prepared once: this lookup opens every purchase request
  const byRequestId = db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, sql.placeholder('userId')),
        eq(purchases.requestId, sql.placeholder('requestId')),
      ),
    )
    .prepare('purchase_by_request_id');

  async function findByRequestId(userId: string, requestId: string): Promise<PurchaseRow | null> {
    const [row] = await byRequestId.execute({ userId, requestId });
    return row ?? null;
  }

  async function findById(id: string): Promise<PurchaseRow> {
    const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
    if (!row) throw new Error(`purchase ${id} vanished`);
    return row;
  }

  function sameOrRefuse(existing: PurchaseRow, requestHash: string): PurchaseRow {
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This requestId was already used for a different purchase.',
      );
    }
    return existing;
  }

  /**
   * Delivered: the hold goes to the provider, and any commission to our margin. Once: the status change and the
   * entry are one statement. @returns the delivered purchase, or null when it was already final
   */
  async function settle(
    held: Pick<PurchaseRow, 'id' | 'serviceId' | 'chargedKobo'>,
    outcome: Extract<ProviderOutcome, { status: 'delivered' }>,
  ): Promise<PurchaseRow | null> {
    const { id } = held;
    const heldAccount = { system: 'held:purchases' } as const;
    const vtpass = { system: 'provider:vtpass' } as const;
    const charged = held.chargedKobo;
    const cost = outcome.costKobo ?? charged;
    const postings: Posting[] = [
      { from: heldAccount, to: vtpass, amountKobo: kobo(Math.min(cost, charged)) },
    ];
    if (charged > cost)
      postings.push({ from: heldAccount, to: { system: 'income:margin' }, amountKobo: kobo(charged - cost) });
    if (cost > charged)
      postings.push({
        from: { system: 'expense:discounts' },
        to: vtpass,
        amountKobo: kobo(cost - charged),
      });
    const [row] = await ledger.postWithWrite({
      reference: `purchase:${id}:settle`,
      kind: 'purchase.settle',
      memo: `Delivered ${held.serviceId}`,
      postings,
      write: () =>
        db
          .update(purchases)
          .set({
            status: 'delivered',
            message: slotFor(purchases.message, 'message'),
            providerReference: slotFor(purchases.providerReference, 'providerReference'),
            costKobo: slotFor(purchases.costKobo, 'costKobo'),
            token: slotFor(purchases.token, 'token'),
            pins: slotFor(purchases.pins, 'pins'),
            units: slotFor(purchases.units, 'units'),
            receiptLines: slotFor(purchases.receiptLines, 'receiptLines'),
            finalizedAt: slotFor(purchases.finalizedAt, 'now'),
            updatedAt: slotFor(purchases.updatedAt, 'now'),
            nextCheckAt: null,
          })
          .where(and(eq(purchases.id, sql.placeholder('id')), inArray(purchases.status, OPEN)))
          .returning(),
      writeShape: 'purchase.settle',
      values: {
        id,
        message: outcome.message,
        providerReference: outcome.providerReference,
        costKobo: outcome.costKobo,
        token: outcome.token,
        pins: outcome.pins,
        units: outcome.units,
        receiptLines: outcome.receiptLines,
        now: clock.now(),
      },
    });
    const settled = row ? fromDriverRow(purchases, row) : null;
    if (settled?.channel === 'web' && (settled.token || settled.pins?.length)) {
      deps.onCredentialDelivered?.(settled);
    }
    return settled;
  }

  /**
   * Records the purchase and moves its price from the wallet into the hold, in one statement: both or neither.
   * @returns the purchase, or null when this user already has one with this requestId
   * @throws INSUFFICIENT_FUNDS
   */
  async function hold(
    values: typeof purchases.$inferInsert & { userId: string; chargedKobo: number },
    memo: string,
  ): Promise<PurchaseRow | null> {
    const columns = (Object.keys(values) as (keyof typeof purchases.$inferInsert)[]).filter(
      (key) => values[key] !== undefined,
    );
    try {
      const [row] = await ledger.postWithWrite({
        reference: `purchase:${values.id}:hold`,
        kind: 'purchase.hold',
        memo,
        postings: [
          {
            from: { wallet: values.userId },
            to: { system: 'held:purchases' },
            amountKobo: kobo(values.chargedKobo),
          },
        ],
        write: (wallet) =>
          insertFrom(purchases, columns, wallet, { balanceAfterKobo: sql`${wallet}.balance_kobo` }),
        writeShape: `purchase.hold ${columns.join(' ')}`,
        values,
      });
      if (!row) throw new Error('purchase hold returned no purchase');
      return fromDriverRow(purchases, row);
    } catch (error) {
      // a concurrent request with the same requestId got there first; this statement moved nothing
      if (databaseErrorOf(error)?.constraint === 'purchases_user_request_idx') return null;
      throw error;
    }
  }

  /** Failed: the whole hold goes back to the wallet. Once. */
  async function refund(id: string, message: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(purchases)
        .set({
          status: 'failed',
          message,
          finalizedAt: clock.now(),
          updatedAt: clock.now(),
          nextCheckAt: null,
        })
        .where(and(eq(purchases.id, id), inArray(purchases.status, OPEN)))
        .returning();
      if (!row) return;
      await ledger.post(
        {
          reference: `purchase:${id}:refund`,
          kind: 'purchase.refund',
          memo: `Refund: ${row.serviceId} ${row.phone}`,
          postings: [
            {
              from: { system: 'held:purchases' },
              to: { wallet: row.userId },
              amountKobo: kobo(row.chargedKobo),
            },
          ],
        },
        tx,
      );
    });
  }

  /** Not final yet: check again later, with backoff. */
  async function keepPending(id: string, message: string): Promise<void> {
    const now = clock.now();
    const [row] = await db
      .update(purchases)
      .set({
        status: 'pending',
        message,
        checks: sql`${purchases.checks} + 1`,
        nextCheckAt: sql`${now}::timestamptz + interval '1 second' * (case ${purchases.checks} ${sql.raw(
          BACKOFF_SECONDS.map((seconds, i) => `when ${i} then ${seconds}`).join(' '),
        )} else ${HOURLY} end)`,
        updatedAt: now,
        flaggedAt: sql`case when ${purchases.flaggedAt} is null and ${purchases.createdAt} < ${new Date(now.getTime() - FLAG_AFTER_MS)} then ${now}::timestamptz else ${purchases.flaggedAt} end`,
      })
      .where(and(eq(purchases.id, id), inArray(purchases.status, OPEN)))
      .returning({ checks: purchases.checks });
    if (!row) return;
    await deps.jobs.send(
      REQUERY_JOB,
      { purchaseId: id },
      {
        startAfterSeconds: backoffSeconds(row.checks - 1),
        dedupeKey: `${id}:${row.checks}`,
      },
    );
  }

  /** @returns the purchase when it was delivered just now (the other outcomes are read again by who needs them) */
  async function apply(row: PurchaseRow, outcome: ProviderOutcome): Promise<PurchaseRow | null> {
    switch (outcome.status) {
      case 'delivered':
        return settle(row, outcome);
      case 'failed':
        await refund(row.id, outcome.message);
        return null;
      case 'pending':
        await keepPending(row.id, outcome.message);
        return null;
    }
  }

  async function callProvider(row: PurchaseRow): Promise<ProviderOutcome> {
    const kind = findServiceDefinition(row.serviceId)?.kind;
    try {
      return await provider.purchase({
        requestId: row.providerRequestId,
        serviceId: row.serviceId,
        phone: row.phone,
        amountKobo: kobo(row.amountKobo),
        variationCode: row.variationCode ?? undefined,
        // data is credited to the number in billersCode
        billersCode: row.billersCode ?? (kind === 'data' ? row.phone : undefined),
        subscriptionType: row.subscriptionType ?? undefined,
        quantity: row.quantity ?? undefined,
      });
    } catch (error) {
      // an unknown outcome is pending, never failed: the provider may have delivered it
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: row.id }, 'provider call failed');
      return { status: 'pending', message: 'We are confirming this purchase with the provider.', code: null };
    }
  }

  /** Asks the provider again about an open purchase and applies the answer. */
  async function recheck(id: string): Promise<void> {
    const row = await findById(id);
    if (!OPEN.includes(row.status)) return;
    let result: ProviderOutcome | { status: 'unknown' };
    try {
      result = await provider.requery(row.providerRequestId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: id }, 'requery failed');
      result = {
        status: 'pending',
        message: row.message || 'We are confirming this purchase with the provider.',
        code: null,
      };
    }
    if (result.status === 'unknown') {
      if (clock.now().getTime() - row.createdAt.getTime() > UNKNOWN_GRACE_MS) {
        await refund(id, 'The provider never received this purchase. Your money is back in your wallet.');
      } else {
        await keepPending(id, 'We are confirming this purchase with the provider.');
      }
      return;
    }
    await apply(row, result);
  }

  return {
    findByRequestId,

    /**
     * Debits the wallet into a hold in the same transaction that records the purchase, then asks the provider.
     * @throws VALIDATION_FAILED, PRODUCT_UNAVAILABLE, IDEMPOTENCY_KEY_REUSED, INSUFFICIENT_FUNDS, PIN_NOT_SET,
     *   PIN_INCORRECT, PIN_LOCKED
     */
    async create(owner: Owner, body: CreatePurchaseBody, channel: 'web' | 'api') {
      const requestHash = hashRequest(body);
      const existing = await findByRequestId(owner.id, body.requestId);
      if (existing) return { purchase: sameOrRefuse(existing, requestHash), isNew: false };
      const resolved = await resolveRequest(owner.id, body);
      if (channel === 'web') await deps.pins.verify(owner.id, body.pin);

      const id = newId('pur');
      const inserted = await hold(
        {
          id,
          userId: owner.id,
          requestId: body.requestId,
          requestHash,
          providerRequestId: provider.newRequestId(clock.now()),
          channel,
          serviceId: resolved.service.id,
          phone: resolved.phone,
          billersCode: resolved.billersCode ?? null,
          variationCode: resolved.variationCode ?? null,
          planName: resolved.planName ?? null,
          subscriptionType: resolved.subscriptionType ?? null,
          quantity: resolved.quantity ?? null,
          customerName: resolved.customerName ?? null,
          amountKobo: resolved.amountKobo,
          chargedKobo: resolved.chargedKobo,
        },
        `${resolved.service.name} ${resolved.planName ?? ''} ${resolved.phone}`.replace(/\s+/g, ' '),
      );
      if (!inserted) {
        const raced = await findByRequestId(owner.id, body.requestId);
        if (!raced) throw new Error('purchase conflict without a purchase');
        return { purchase: sameOrRefuse(raced, requestHash), isNew: false };
      }
      const delivered = await apply(inserted, await callProvider(inserted));
      return { purchase: delivered ?? (await findById(id)), isNew: true };
    },

    recheck,

    /** A provider callback never moves money by itself: it only triggers a requery. */
    async onProviderCallback(providerRequestId: string): Promise<void> {
      // our request ids are short: anything longer is not ours and costs no lookup
      if (providerRequestId.length > 64) return;
      const [row] = await db
        .select({ id: purchases.id, status: purchases.status })
        .from(purchases)
        .where(eq(purchases.providerRequestId, providerRequestId));
      if (!row || !OPEN.includes(row.status)) return;
      // a burst of callbacks for one purchase makes one requery a minute; the backoff requeries go on besides
      const minute = Math.floor(clock.now().getTime() / 60_000);
      await deps.jobs.send(
        REQUERY_JOB,
        { purchaseId: row.id },
        { dedupeKey: `callback:${row.id}:${minute}` },
      );
    },

    /** Requeries every purchase that is due or looks orphaned, now; returns what changed. */
    async reconcile(): Promise<{ id: string; from: string; to: string }[]> {
      const now = clock.now();
      const open = await db
        .select({ id: purchases.id, status: purchases.status })
        .from(purchases)
        .where(
          or(
            and(
              eq(purchases.status, 'processing'),
              lt(purchases.updatedAt, new Date(now.getTime() - deps.recheckAfterSeconds * 1000)),
            ),
            and(eq(purchases.status, 'pending'), lte(purchases.nextCheckAt, now)),
          ),
        )
        .limit(500);
      const changes: { id: string; from: string; to: string }[] = [];
      for (const { id, status } of open) {
        await recheck(id);
        const after = await findById(id);
        if (after.status !== status) changes.push({ id, from: status, to: after.status });
      }
      return changes;
    },

    async list(
      userId: string,
      query: {
        limit: number;
        cursor?: string | undefined;
        serviceId?: string | undefined;
        status?: PurchaseStatus | undefined;
      },
    ) {
      const statuses: StoredPurchaseStatus[] | undefined =
        query.status === 'pending' ? ['processing', 'pending'] : query.status ? [query.status] : undefined;
      const rows = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            query.cursor ? lt(purchases.id, query.cursor) : undefined,
            query.serviceId ? eq(purchases.serviceId, query.serviceId) : undefined,
            statuses ? inArray(purchases.status, statuses) : undefined,
          ),
        )
        .orderBy(desc(purchases.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { purchases: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },

    /** Purchases still not final after a day, for an admin to look at. */
    async listFlagged() {
      return db
        .select()
        .from(purchases)
        .where(and(inArray(purchases.status, OPEN), sql`${purchases.flaggedAt} is not null`))
        .orderBy(purchases.createdAt);
    },

    /** Purchase invariants: each state has exactly the ledger entries it implies. */
    async verify(): Promise<string[]> {
      const rows = await queryRows<{
        id: string;
        status: string;
        holds: number;
        settles: number;
        refunds: number;
      }>(
        db,
        sql`
        select p.id, p.status, p.charged_kobo::text as charged,
          (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':hold')::int as holds,
          (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':settle')::int as settles,
          (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':refund')::int as refunds
        from purchases p`,
      );
      const problems: string[] = [];
      for (const row of rows) {
        const expected = {
          processing: [1, 0, 0],
          pending: [1, 0, 0],
          delivered: [1, 1, 0],
          failed: [1, 0, 1],
        }[row.status] ?? [1, 0, 0];
        const actual = [row.holds, row.settles, row.refunds];
        if (expected.some((n, i) => n !== actual[i])) {
          problems.push(
            `purchase ${row.id} is ${row.status} but has ${actual.join('/')} hold/settle/refund entries`,
          );
        }
      }
      return problems;
    },
  };
}

export type PurchaseEngine = ReturnType<typeof createPurchaseEngine>;
