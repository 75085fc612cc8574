import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AdminPriceService,
  PricePreview,
  PricePreviewBody,
  PriceTargetInput,
  SavePriceResponse,
} from '@quickvend/shared/api/admin-prices';
import { AmountError, formatNaira, kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import {
  costOf,
  defaultServiceBps,
  EXAMPLE_FACE_KOBO,
  isApprovalNeeded,
  priceTexts,
  ruleProblem,
  sellingPrice,
  type PriceChannel,
  type PriceRule,
} from '@quickvend/shared/pricing';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApprovalHandler, ApprovalRow, Approvals, FindPeople } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Catalog, CatalogService } from './catalog.service.ts';
import {
  auditedRule,
  describeChange,
  payloadRuleOf,
  PRICE_RULE_APPROVAL,
  priceChangeSubject,
  priceRulePayload,
  ruleOfPayload,
  targetId,
  waitingChanges,
  worstLoss,
  type PriceRulePayload,
} from './price-change.ts';
import { describeService, priceable, serviceRowName } from './price-rows.ts';
import type { RuleTarget } from './price-rules.store.ts';

export { PRICE_RULE_APPROVAL } from './price-change.ts';

export type PriceRuleInput = PricePreviewBody & { variationCode: string };

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

const channelWords: Record<PriceChannel, string> = { web: 'web customers', api: 'partners (API)' };

/**
 * The back office's view of prices: every service and plan with its face value, our cost, each channel's rule
 * and price and margin; a preview of a rule; saving and resetting rules, each audited with before and after.
 */
export function createPriceAdmin(deps: {
  db: Database;
  catalog: Catalog;
  audit: Pick<AuditLog, 'record'>;
  approvals: Pick<Approvals, 'request' | 'list'>;
  findPeople: FindPeople;
  log: FastifyBaseLogger;
}) {
  const { db, catalog, audit, approvals, log } = deps;

  async function serviceOf(serviceId: string): Promise<CatalogService> {
    const service = await catalog.getService(serviceId);
    if (!service) throw new AppError('NOT_FOUND', 'We do not sell that service.');
    return service;
  }

  /** The service and, for a plan's rule, the plan: its face value is what the rule is checked at. */
  async function targetOf(input: PriceTargetInput) {
    const service = await serviceOf(input.serviceId);
    const variationCode = input.variationCode ?? '';
    if (variationCode === '') return { service, variation: null, variationCode };
    const variation = service.hasVariations
      ? priceable(await catalog.listVariations(service.id)).find((v) => v.code === variationCode)
      : undefined;
    if (!variation) throw invalid('variationCode', 'That plan is not on sale, so it has no price to set.');
    return { service, variation, variationCode };
  }

  function ruleOf(input: PricePreviewBody, isPlan: boolean): PriceRule {
    const allowLoss = input.allowLoss ?? false;
    if (input.mode === 'bps') return { mode: 'bps', bps: input.bps ?? 0, allowLoss };
    if (!isPlan) throw invalid('mode', priceTexts.fixedForPlansOnly);
    let fixedPriceKobo: Kobo;
    try {
      fixedPriceKobo = parseNaira(input.fixedPrice ?? '');
    } catch (error) {
      if (error instanceof AmountError) throw invalid('fixedPrice', error.message);
      throw error;
    }
    if (fixedPriceKobo <= 0) throw invalid('fixedPrice', priceTexts.tooDeep);
    return { mode: 'fixed', fixedPriceKobo, allowLoss };
  }

  /** What a rule would do, row by row, and why it could not be saved (if so). */
  async function preview(
    input: PriceTargetInput,
    ruleFor: (isPlan: boolean) => PriceRule,
  ): Promise<PricePreview & { rule: PriceRule; target: RuleTarget; name: string }> {
    const { service, variation, variationCode } = await targetOf(input);
    const rule = ruleFor(variation !== null);
    const rate = service.commission.bps;
    const previewRow = (code: string, name: string, faceKobo: Kobo) => {
      const costKobo = costOf(faceKobo, rate);
      const priceKobo = sellingPrice(faceKobo, rule);
      return {
        code,
        name,
        faceKobo,
        costKobo,
        priceKobo,
        marginKobo: kobo(priceKobo - costKobo),
        isBelowCost: priceKobo < costKobo,
        lossKobo: priceKobo < costKobo ? kobo(costKobo - priceKobo) : null,
      };
    };
    const target: RuleTarget = { serviceId: service.id, variationCode, channel: input.channel };
    const isNeeded = isApprovalNeeded(rule);
    if (variation) {
      return {
        target,
        rule,
        name: variation.name,
        commissionBps: rate,
        rows: [previewRow(variation.code, variation.name, variation.amountKobo)],
        problem: ruleProblem(rule, variation.amountKobo, costOf(variation.amountKobo, rate)),
        isApprovalNeeded: isNeeded,
      };
    }
    const rules = await catalog.rules.list();
    const hasOwnRule = (code: string) =>
      rules.some(
        (r) => r.serviceId === service.id && r.variationCode === code && r.channel === input.channel,
      );
    const plans = service.hasVariations ? priceable(await catalog.listVariations(service.id)) : [];
    return {
      target,
      rule,
      name: service.name,
      commissionBps: rate,
      rows: [
        previewRow('', serviceRowName(service), EXAMPLE_FACE_KOBO),
        ...plans.filter((v) => !hasOwnRule(v.code)).map((v) => previewRow(v.code, v.name, v.amountKobo)),
      ],
      // a percentage and the commission are both proportional: the example face value decides for all
      problem: ruleProblem(rule, EXAMPLE_FACE_KOBO, costOf(EXAMPLE_FACE_KOBO, rate)),
      isApprovalNeeded: isNeeded,
    };
  }

  async function describeNow(serviceId: string): Promise<AdminPriceService> {
    const [rules, waiting] = await Promise.all([
      catalog.rules.list(),
      waitingChanges({ approvals, findPeople: deps.findPeople }),
    ]);
    return describeService(catalog, await serviceOf(serviceId), rules, waiting);
  }

  async function afterChange(serviceId: string): Promise<AdminPriceService> {
    await catalog.rules.announce(serviceId);
    return describeNow(serviceId);
  }

  /** Saves the rule with before and after in the audit log, in the caller's transaction. */
  async function put(
    target: RuleTarget,
    rule: PriceRule,
    actor: Actor,
    reason: string | null,
    tx: Executor,
  ): Promise<void> {
    const before = await catalog.rules.find(target, tx);
    const saved = await catalog.rules.put(target, rule, actor.label, tx);
    await audit.record(
      actor,
      {
        action: 'price.save',
        targetType: 'price_rule',
        targetId: targetId(target),
        before: auditedRule(before),
        after: auditedRule(saved),
        reason,
      },
      tx,
    );
  }

  /**
   * Why a waiting change no longer applies: what it prices is no longer on sale, or the plan's face value has
   * moved so that the rule could no longer be saved. Asked just before an approval is carried out.
   */
  async function staleReason(row: ApprovalRow): Promise<string | null> {
    const payload = priceRulePayload.safeParse(row.payload);
    if (!payload.success) return null;
    try {
      return (await preview(payload.data.target, () => ruleOfPayload(payload.data))).problem;
    } catch (error) {
      if (error instanceof AppError) return `${payload.data.name} is no longer on sale.`;
      throw error;
    }
  }

  /**
   * Saves an approved change as save() does, inside the approval's transaction (only through it: on the embedded
   * database a read outside it would wait for it). staleReason has checked it against the catalogue just before.
   */
  const carryOut: ApprovalHandler = async (approval, { tx, approver, afterCommit }) => {
    const payload = priceRulePayload.parse(approval.payload);
    const { target } = payload;
    const rule = ruleOfPayload(payload);
    await put(target, rule, approver, payload.reason, tx);
    const lossKobo = worstLoss(payload.perSale);
    afterCommit(() => {
      if (lossKobo !== null) {
        log.warn(
          {
            approvalId: approval.id,
            target: targetId(target),
            rule: auditedRule(rule),
            lossPerSaleKobo: lossKobo,
            requestedBy: approval.requestedBy,
            approvedBy: approver.id,
          },
          `loss-making price saved: ${payload.name} loses ${formatNaira(lossKobo)} on each sale`,
        );
      }
      catalog.rules.announce(target.serviceId).catch((error: unknown) => {
        log.error({ err: error, serviceId: target.serviceId }, 'a price change was not announced');
      });
    });
    return { target: targetId(target), rule: auditedRule(rule), lossPerSaleKobo: lossKobo };
  };

  return {
    async list(): Promise<AdminPriceService[]> {
      const [services, rules, waiting] = await Promise.all([
        catalog.listServices(),
        catalog.rules.list(),
        waitingChanges({ approvals, findPeople: deps.findPeople }),
      ]);
      return Promise.all(services.map((service) => describeService(catalog, service, rules, waiting)));
    },

    async preview(input: PricePreviewBody): Promise<PricePreview> {
      const {
        commissionBps,
        rows,
        problem,
        isApprovalNeeded: isNeeded,
      } = await preview(input, (isPlan) => ruleOf(input, isPlan));
      return { commissionBps, rows, problem, isApprovalNeeded: isNeeded };
    },

    /**
     * Saves a rule for a service or a plan on one channel; it applies to the next sale in every process. A fixed
     * price, or a rule allowed to sell below cost, is sent to a second admin instead and applies once approved.
     * @throws NOT_FOUND, VALIDATION_FAILED (below cost without the loss flag, a fixed price above its bound, an
     * unknown plan, a bad value), CONFLICT (a change of this price is already waiting)
     */
    async save(
      actor: Actor,
      input: PricePreviewBody & { reason?: string | undefined },
    ): Promise<SavePriceResponse> {
      const checked = await preview(input, (isPlan) => ruleOf(input, isPlan));
      const { target, rule, problem } = checked;
      if (problem) throw invalid(rule.mode === 'bps' ? 'bps' : 'fixedPrice', problem);
      const reason = input.reason || null;
      if (!checked.isApprovalNeeded) {
        await db.transaction((tx) => put(target, rule, actor, reason, tx));
        return { status: 'applied', service: await afterChange(target.serviceId) };
      }
      const id = targetId(target);
      const [waiting] = await approvals.list({
        kind: PRICE_RULE_APPROVAL,
        targetId: id,
        status: 'pending',
        limit: 1,
      });
      if (waiting) throw new AppError('CONFLICT', priceTexts.changeWaiting);
      const payload: PriceRulePayload = {
        target,
        rule: payloadRuleOf(rule),
        name: checked.name,
        perSale: checked.rows.map((row) => ({
          name: row.name,
          faceKobo: row.faceKobo,
          costKobo: row.costKobo,
          priceKobo: row.priceKobo,
          marginKobo: row.marginKobo,
          lossKobo: row.lossKobo,
        })),
        reason,
      };
      const lossKobo = worstLoss(checked.rows);
      const approval = await approvals.request(
        {
          kind: PRICE_RULE_APPROVAL,
          targetId: id,
          payload,
          reason: [
            `${checked.name} for ${channelWords[target.channel]}: ${describeChange(rule)}`,
            lossKobo === null ? null : priceTexts.lossPerSale(lossKobo).toLowerCase(),
            reason,
          ]
            .filter((part) => part !== null)
            .join('; '),
          onePending: true,
        },
        actor,
      );
      // two admins asking at once: the one who asked second finds the first's request
      const isOurs =
        approval.requestedBy === (actor.id ?? actor.label) &&
        isDeepStrictEqual(priceRulePayload.parse(approval.payload), payload);
      if (!isOurs) throw new AppError('CONFLICT', priceTexts.changeWaiting);
      const service = await describeNow(target.serviceId);
      const row =
        target.variationCode === ''
          ? service.service
          : service.variations.find((v) => v.code === target.variationCode);
      return {
        status: 'awaiting_approval',
        service,
        approvalId: approval.id,
        message: priceTexts.sentForApproval(kobo(row?.[target.channel].priceKobo ?? 0)),
      };
    },

    carryOut,
    staleReason,

    subjectOf: priceChangeSubject,

    /**
     * A plan's rule is removed (the service's applies again); a service's goes back to its default (the spec's
     * 1% off where it gives one, else none). Nothing to reset changes nothing and records nothing.
     */
    async reset(
      actor: Actor,
      input: PriceTargetInput & { reason?: string | undefined },
    ): Promise<AdminPriceService> {
      const service = await serviceOf(input.serviceId);
      const target: RuleTarget = {
        serviceId: service.id,
        variationCode: input.variationCode ?? '',
        channel: input.channel,
      };
      const fallbackBps = target.variationCode === '' ? defaultServiceBps(service.kind) : 0;
      await db.transaction(async (tx) => {
        const before = await catalog.rules.find(target, tx);
        const isDefault =
          fallbackBps === 0
            ? before === undefined
            : before?.mode === 'bps' && before.bps === fallbackBps && !before.allowLoss;
        if (isDefault) return;
        const after =
          fallbackBps === 0
            ? undefined
            : await catalog.rules.put(target, { mode: 'bps', bps: fallbackBps, allowLoss: false }, null, tx);
        if (!after) await catalog.rules.remove(target, tx);
        await audit.record(
          actor,
          {
            action: 'price.reset',
            targetType: 'price_rule',
            targetId: targetId(target),
            before: auditedRule(before),
            after: auditedRule(after),
            reason: input.reason ?? null,
          },
          tx,
        );
      });
      return afterChange(service.id);
    },
  };
}

export type PriceAdmin = ReturnType<typeof createPriceAdmin>;
