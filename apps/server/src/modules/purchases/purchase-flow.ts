import { createHash } from 'node:crypto';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { purchaseRefusals } from '@quickvend/shared/messages/purchase';
import type { Kobo } from '@quickvend/shared/money';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { lagosDateOf } from '@quickvend/shared/periods';
import { purchaseFingerprint } from '@quickvend/shared/purchase-fingerprint';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { DraftOrder } from './order.resolve.ts';
import type { PinService } from './pin.service.ts';
import { spendAllowance } from './purchase-limits.ts';
import { PENDING_DEADLINE_MS } from './purchase-lifecycle.ts';
import type { PurchaseSteps } from './purchase-steps.ts';
import { providerEvent, type PurchaseTimeline } from './purchase-timeline.ts';
import {
  ProviderUnavailableError,
  VTPASS_ONLY,
  type BillsProvider,
  type PurchaseRouting,
} from './purchases.port.ts';
import type { PurchaseRow, PurchasesRepo } from './purchases.repo.ts';
import type { EnsuredCustomer, VerificationService } from './verification.service.ts';

/** who buys; `mode: 'test'` for a partner's test key (its own test account, sold by the simulators) */
type Owner = { id: string; mode?: 'live' | 'test' | undefined };
/** The partner API key a purchase came through: it counts in the key's daily spend, and only buys what it may. */
export type BuyingKey = { id: string; allowedServices: readonly string[] };

export type PurchaseFlowDeps = {
  repo: Pick<PurchasesRepo, 'findByRequestId' | 'getById'>;
  steps: Pick<PurchaseSteps, 'pairs' | 'applyOutcome'>;
  /** `test`: a test key's order, which may name the simulators' scenario numbers in any deployment */
  draftOrder: (
    body: CreatePurchaseBody,
    channel: 'web' | 'api',
    mode: 'live' | 'test',
  ) => Promise<DraftOrder>;
  verifications: Pick<VerificationService, 'ensure'>;
  balanceOf: (userId: string) => Promise<Kobo>;
  pins: Pick<PinService, 'verify'>;
  limiter: Pick<RateLimiter, 'consume'>;
  /** web purchases one customer may attempt in a minute, refused ones included (partners' keys are not held to it) */
  webPurchasesPerMinute: number;
  provider: Pick<BillsProvider, 'newRequestId'>;
  /** which aggregator sells it, or none now (refused before anything is sent); default VTpass */
  routing?: Pick<PurchaseRouting, 'first' | 'observe'>;
  timeline: Pick<PurchaseTimeline, 'record'>;
  clock: Clock;
};

/**
 * A person buying by hand (form, PIN, receipt) takes well over six seconds a purchase: ten a minute leaves
 * room for a family's top-ups in a row, while a script is held to 14,400 a day instead of thousands a minute
 * of refused purchases (each one a line in the customer's history and export).
 */
export const WEB_PURCHASES_PER_MINUTE = 10;

/** The idempotency key's other half: the same requestId must always carry the same request. */
const hashRequest = (body: CreatePurchaseBody) =>
  createHash('sha256').update(purchaseFingerprint(body)).digest('base64url');

function sameOrRefuse(existing: PurchaseRow, requestHash: string): PurchaseRow {
  if (existing.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', purchaseRefusals.requestIdReused);
  }
  return existing;
}

/**
 * A purchase. First what may refuse it, in this order, none asking the provider before the customer may buy:
 *   (web) the minute's allowance · (a partner's key) the services it may buy · the request read and priced ·
 *   (web) the PIN · (a smartcard, meter or JAMB profile) the wallet holds the price, then the provider checks
 *   the number (verification.service.ts) · (a partner's key) its daily limit, in the hold's own transaction
 * Then the named steps of PURCHASE_STEPS (purchase-lifecycle.ts), each with what undoes it: `hold`, then
 * `askProvider`, then what nextPurchaseState makes of the answer (settle, refund or keepPending, after which
 * the requery job in requery.service.ts asks again).
 */
export function createPurchaseFlow(deps: PurchaseFlowDeps) {
  const { repo, steps } = deps;
  const routing = deps.routing ?? VTPASS_ONLY;

  /**
   * @throws FORBIDDEN (a key's services or daily limit), RATE_LIMITED, VALIDATION_FAILED, PRODUCT_UNAVAILABLE, CUSTOMER_NOT_VERIFIED, IDEMPOTENCY_KEY_REUSED,
   *   INSUFFICIENT_FUNDS, PIN_NOT_SET, PIN_INCORRECT, PIN_LOCKED, SERVICE_UNAVAILABLE
   */
  async function createPurchase(
    owner: Owner,
    body: CreatePurchaseBody,
    channel: 'web' | 'api',
    key: BuyingKey | null = null,
  ): Promise<{ purchase: PurchaseRow; isNew: boolean }> {
    const requestHash = hashRequest(body);
    const replayed = async () => {
      const existing = await repo.findByRequestId(owner.id, body.requestId);
      return existing ? { purchase: sameOrRefuse(existing, requestHash), isNew: false } : null;
    };
    // A web purchase looks for a replay before the PIN, so a replay never spends a PIN attempt. A partner's
    // purchase skips that read (one round trip fewer for every purchase): a replay is found by the hold's own
    // conflict, or, when anything refuses it first (a product withdrawn since, a wallet spent since), looked
    // up before the refusal is answered, so a replay is always answered as it was first.
    if (channel === 'web') {
      const replay = await replayed();
      if (replay) return replay;
      // before anything that may refuse it: refused purchases spend the allowance too
      await spendAllowance(
        deps.limiter,
        { key: `purchase:user:${owner.id}`, max: deps.webPurchasesPerMinute, windowSeconds: 60 },
        purchaseRefusals.tooMany,
      );
    }
    try {
      return await buy(owner, body, channel, requestHash, key);
    } catch (error) {
      const replay = channel === 'api' && error instanceof AppError ? await replayed() : null;
      if (replay) return replay;
      throw error;
    }
  }

  async function buy(
    owner: Owner,
    body: CreatePurchaseBody,
    channel: 'web' | 'api',
    requestHash: string,
    key: BuyingKey | null,
  ): Promise<{ purchase: PurchaseRow; isNew: boolean }> {
    if (key) refuseServiceOfKey(key, body.serviceId);
    const mode = owner.mode ?? 'live';
    const draft = await deps.draftOrder(body, channel, mode);
    // before the PIN and the customer check: a service nobody can sell now costs the customer nothing to learn
    const provider = await routing.first({
      serviceId: body.serviceId,
      variationCode: body.variationCode,
      amountKobo: draft.leastChargeKobo,
      mode,
    });
    // a wrong PIN is answered before the provider is asked anything, so it tells nothing about the number
    if (channel === 'web') await deps.pins.verify(owner.id, body.pin);
    const check = draft.check && {
      ...draft.check,
      provider,
      ...(owner.mode === 'test' && { mode: owner.mode }),
    };
    const checked = check ? await checkCustomer(owner.id, check, draft.leastChargeKobo) : null;
    const order = await draft.finish(checked?.customer ?? null);

    const id = newId('pur');
    const inserted = await steps.pairs.hold.run(
      {
        id,
        userId: owner.id,
        requestId: body.requestId,
        requestHash,
        provider,
        providerRequestId: deps.provider.newRequestId(deps.clock.now(), mode, provider),
        channel,
        mode,
        apiKeyId: key?.id ?? null,
        keySpendDay: key ? lagosDateOf(deps.clock.now()) : null,
        serviceId: order.service.id,
        phone: order.phone,
        billersCode: order.billersCode ?? null,
        variationCode: order.variationCode ?? null,
        planName: order.planName ?? null,
        subscriptionType: order.subscriptionType ?? null,
        quantity: order.quantity ?? null,
        customerName: order.customerName ?? null,
        amountKobo: order.amountKobo,
        chargedKobo: order.chargedKobo,
        resolveBy: new Date(deps.clock.now().getTime() + PENDING_DEADLINE_MS),
      },
      `${order.service.name} ${order.planName ?? ''} ${order.phone}`.replace(/\s+/g, ' '),
    );
    // the check is paid for by the purchase it made (or by the one this request already made)
    await checked?.giveBack().catch(() => undefined);
    if (!inserted) {
      const raced = await repo.findByRequestId(owner.id, body.requestId);
      if (!raced) throw new Error('purchase conflict without a purchase');
      return { purchase: sameOrRefuse(raced, requestHash), isNew: false };
    }
    const outcome = await steps.pairs.askProvider.run(inserted);
    const answeredAt = deps.clock.now();
    routing.observe?.({ serviceId: inserted.serviceId, provider, outcome });
    const delivered = await steps.applyOutcome(inserted, outcome);
    // after the money has moved: the timeline never holds a purchase up
    await deps.timeline.record(providerEvent(id, 'provider.purchase', outcome, answeredAt, provider));
    return { purchase: delivered ?? (await repo.getById(id)), isNew: true };
  }

  /**
   * The provider's word on the customer, asked only once the wallet could pay (an empty wallet learns nothing).
   * @throws INSUFFICIENT_FUNDS, RATE_LIMITED (the checks' allowance), CUSTOMER_NOT_VERIFIED, SERVICE_UNAVAILABLE
   */
  async function checkCustomer(
    userId: string,
    check: NonNullable<DraftOrder['check']>,
    leastChargeKobo: Kobo,
  ): Promise<EnsuredCustomer> {
    if ((await deps.balanceOf(userId)) < leastChargeKobo)
      throw new AppError('INSUFFICIENT_FUNDS', messages.purchase.insufficientBalance);
    try {
      return await deps.verifications.ensure(userId, check);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', purchaseRefusals.providerUnreachable);
    }
  }

  return createPurchase;
}

/** @throws FORBIDDEN when the key has a list of services and this one we sell is not on it */
function refuseServiceOfKey(key: BuyingKey, serviceId: string): void {
  const allowed = key.allowedServices;
  if (allowed.length === 0 || allowed.includes(serviceId) || !findCatalogueService(serviceId)) return;
  throw new AppError('FORBIDDEN', partnerLimitTexts.service(serviceId, allowed), {
    limit: 'services',
    allowedServices: allowed,
  });
}
