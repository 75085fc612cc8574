import { createHash } from 'node:crypto';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ResolvedOrder } from './order.resolve.ts';
import type { PinService } from './pin.service.ts';
import { PENDING_DEADLINE_MS, type PurchaseSteps } from './purchase-steps.ts';
import { providerEvent, type PurchaseTimeline } from './purchase-timeline.ts';
import type { BillsProvider } from './purchases.port.ts';
import type { PurchaseRow, PurchasesRepo } from './purchases.repo.ts';

type Owner = { id: string };

export type PurchaseFlowDeps = {
  repo: Pick<PurchasesRepo, 'findByRequestId' | 'getById'>;
  steps: Pick<PurchaseSteps, 'hold' | 'askProvider' | 'applyOutcome'>;
  resolveOrder: (userId: string, body: CreatePurchaseBody, channel: 'web' | 'api') => Promise<ResolvedOrder>;
  pins: Pick<PinService, 'verify'>;
  provider: Pick<BillsProvider, 'newRequestId'>;
  timeline: Pick<PurchaseTimeline, 'record'>;
  clock: Clock;
};

/** The idempotency key's other half: the same requestId must always carry the same request. */
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

function sameOrRefuse(existing: PurchaseRow, requestHash: string): PurchaseRow {
  if (existing.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This requestId was already used for a different purchase.');
  }
  return existing;
}

/**
 * A purchase, as named steps (purchase-steps.ts), each with what undoes it:
 *   hold          wallet → held:purchases, with the purchase row     undone by refund
 *   askProvider   the provider is asked to deliver                     nothing to undo
 *   then one of
 *   settle        held → provider (and margin); final
 *   refund        held → wallet; final
 *   keepPending   the requery job asks again later (requery.service.ts) and ends in settle or refund
 */
export function createPurchaseFlow(deps: PurchaseFlowDeps) {
  const { repo, steps } = deps;

  /**
   * @throws VALIDATION_FAILED, PRODUCT_UNAVAILABLE, CUSTOMER_NOT_VERIFIED, IDEMPOTENCY_KEY_REUSED,
   *   INSUFFICIENT_FUNDS, PIN_NOT_SET, PIN_INCORRECT, PIN_LOCKED
   */
  async function createPurchase(
    owner: Owner,
    body: CreatePurchaseBody,
    channel: 'web' | 'api',
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
    }
    try {
      return await buy(owner, body, channel, requestHash);
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
  ): Promise<{ purchase: PurchaseRow; isNew: boolean }> {
    const order = await deps.resolveOrder(owner.id, body, channel);
    if (channel === 'web') await deps.pins.verify(owner.id, body.pin);

    const id = newId('pur');
    const inserted = await steps.hold(
      {
        id,
        userId: owner.id,
        requestId: body.requestId,
        requestHash,
        providerRequestId: deps.provider.newRequestId(deps.clock.now()),
        channel,
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
    if (!inserted) {
      const raced = await repo.findByRequestId(owner.id, body.requestId);
      if (!raced) throw new Error('purchase conflict without a purchase');
      return { purchase: sameOrRefuse(raced, requestHash), isNew: false };
    }
    const outcome = await steps.askProvider(inserted);
    const answeredAt = deps.clock.now();
    const delivered = await steps.applyOutcome(inserted, outcome);
    // after the money has moved: the timeline never holds a purchase up
    await deps.timeline.record(providerEvent(id, 'provider.purchase', outcome, answeredAt));
    return { purchase: delivered ?? (await repo.getById(id)), isNew: true };
  }

  return createPurchase;
}
