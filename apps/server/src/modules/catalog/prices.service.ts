import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type {
  AdminPriceRow,
  AdminPriceService,
  ChannelPrice,
  PendingPriceChange,
  PricePreview,
  PricePreviewBody,
  PricePreviewRow,
  PriceRuleView,
  PriceTargetInput,
  SavePriceResponse,
} from '@quickvend/shared/api/admin-prices';
import {
  AmountError,
  formatNaira,
  kobo,
  parseNaira,
  toNairaString,
  type Kobo,
} from '@quickvend/shared/money';
import {
  costOf,
  defaultServiceBps,
  EXAMPLE_FACE_KOBO,
  isApprovalNeeded,
  PRICE_CHANNELS,
  priceTexts,
  quote,
  ruleInWords,
  ruleProblem,
  sellingPrice,
  type PriceChannel,
  type PriceRule,
} from '@quickvend/shared/pricing';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  ApprovalHandler,
  ApprovalRow,
  ApprovalSubject,
  Approvals,
  FindPeople,
} from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Catalog, CatalogService, CatalogVariation } from './catalog.service.ts';
import type { RuleTarget, StoredPriceRule } from './price-rules.store.ts';

export type PriceRuleInput = PricePreviewBody & { variationCode: string };

/** A price rule that waits for a second admin: a fixed price, or one allowed to sell below cost. */
export const PRICE_RULE_APPROVAL = 'price.rule';

const priceRulePayload = z.object({
  target: z.object({
    serviceId: z.string(),
    variationCode: z.string(),
    channel: z.enum(PRICE_CHANNELS),
  }),
  rule: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('bps'), bps: z.number().int(), allowLoss: z.boolean() }),
    z.object({ mode: z.literal('fixed'), fixedPriceKobo: z.number().int(), allowLoss: z.boolean() }),
  ]),
  /** the plan's name, or the service's for a service-wide rule */
  name: z.string(),
  /** what each row it prices would sell at, cost and earn or lose per sale, when it was asked */
  perSale: z.array(
    z.object({
      name: z.string(),
      faceKobo: z.number().int(),
      costKobo: z.number().int(),
      priceKobo: z.number().int(),
      marginKobo: z.number().int(),
      lossKobo: z.number().int().nullable(),
    }),
  ),
  reason: z.string().nullable(),
});
type PriceRulePayload = z.infer<typeof priceRulePayload>;

/** A rule as it is stored in a request and the audit log: what it says, not when. */
const payloadRuleOf = (rule: PriceRule): PriceRulePayload['rule'] =>
  rule.mode === 'fixed'
    ? { mode: 'fixed', fixedPriceKobo: rule.fixedPriceKobo, allowLoss: rule.allowLoss }
    : { mode: 'bps', bps: rule.bps, allowLoss: rule.allowLoss };

const ruleOfPayload = ({ rule }: PriceRulePayload): PriceRule =>
  rule.mode === 'fixed'
    ? { mode: 'fixed', fixedPriceKobo: kobo(rule.fixedPriceKobo), allowLoss: rule.allowLoss }
    : rule;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

const targetId = (target: RuleTarget) =>
  `${target.serviceId}:${target.variationCode || '*'}:${target.channel}`;

function viewOf(rule: StoredPriceRule): PriceRuleView {
  return {
    mode: rule.mode,
    bps: rule.mode === 'bps' ? rule.bps : null,
    fixedPriceKobo: rule.mode === 'fixed' ? rule.fixedPriceKobo : null,
    allowLoss: rule.allowLoss,
    updatedAt: rule.updatedAt.toISOString(),
    updatedBy: rule.updatedBy,
  };
}

/** The rule as written in the audit log: what it says, not when. */
const auditedRule = (rule: PriceRule | undefined) => (rule ? payloadRuleOf(rule) : null);

/** Plans a rule can be set on: those with a face value of their own (not a meter type). */
const priceable = (variations: readonly CatalogVariation[]) => variations.filter((v) => v.amountKobo > 0);

const serviceRowName = (service: CatalogService) =>
  service.hasVariations
    ? 'Every plan (shown at ₦1,000.00)'
    : `Any amount (shown at ${formatNaira(EXAMPLE_FACE_KOBO)})`;

const channelWords: Record<PriceChannel, string> = { web: 'web customers', api: 'partners (API)' };

/** `₦1.00 fixed, loss allowed` */
const describeChange = (rule: PriceRule) => `${ruleInWords(rule)}${rule.allowLoss ? ', loss allowed' : ''}`;

/** The largest loss one sale makes under the rule, or null when none loses. */
const worstLoss = (rows: readonly Pick<PricePreviewRow, 'lossKobo'>[]): Kobo | null =>
  rows.reduce<Kobo | null>(
    (worst, row) => (row.lossKobo !== null && row.lossKobo > (worst ?? 0) ? kobo(row.lossKobo) : worst),
    null,
  );

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

  function rowOf(
    service: CatalogService,
    code: string,
    name: string,
    faceKobo: Kobo,
    rules: readonly StoredPriceRule[],
    waiting: WaitingChanges,
  ): AdminPriceRow {
    const costKobo = costOf(faceKobo, service.commission.bps);
    const pendingAt = (channel: PriceChannel): PendingPriceChange | null => {
      const change = waiting.get(targetId({ serviceId: service.id, variationCode: code, channel }));
      if (!change) return null;
      const priceKobo = sellingPrice(faceKobo, change.rule);
      return {
        approvalId: change.approvalId,
        description: describeChange(change.rule),
        priceKobo,
        marginKobo: kobo(priceKobo - costKobo),
        requestedBy: change.requestedBy,
        requestedAt: change.requestedAt,
      };
    };
    const at = (channel: PriceChannel): ChannelPrice => {
      const priced = quote(
        rules,
        { serviceId: service.id, variationCode: code || null, channel },
        faceKobo,
        service.commission.bps,
      );
      const own = rules.find(
        (r) => r.serviceId === service.id && r.variationCode === code && r.channel === channel,
      );
      return {
        rule: own ? viewOf(own) : null,
        priceKobo: priced.priceKobo,
        price: toNairaString(priced.priceKobo),
        marginKobo: priced.marginKobo,
        margin: toNairaString(priced.marginKobo),
        source: priced.source,
        isRuleStale: own !== undefined && priced.rule !== own,
        pendingChange: pendingAt(channel),
      };
    };
    return {
      code,
      name,
      faceKobo,
      face: toNairaString(faceKobo),
      costKobo,
      cost: toNairaString(costKobo),
      web: at('web'),
      api: at('api'),
    };
  }

  async function describe(
    service: CatalogService,
    rules: readonly StoredPriceRule[],
    waiting: WaitingChanges,
  ): Promise<AdminPriceService> {
    const variations = service.hasVariations ? priceable(await catalog.listVariations(service.id)) : [];
    return {
      id: service.id,
      name: service.name,
      kind: service.kind,
      commissionBps: service.commission.bps,
      commissionSource: service.commission.source,
      defaultBps: defaultServiceBps(service.kind),
      service: rowOf(service, '', serviceRowName(service), EXAMPLE_FACE_KOBO, rules, waiting),
      variations: variations.map((v) => rowOf(service, v.code, v.name, v.amountKobo, rules, waiting)),
    };
  }

  /** The price changes waiting for a second admin, by target, with who asked. */
  async function waitingChanges(): Promise<WaitingChanges> {
    const rows = await approvals.list({ kind: PRICE_RULE_APPROVAL, status: 'pending', limit: 500 });
    const people = await deps.findPeople(rows.map((row) => row.requestedBy));
    const waiting: WaitingChanges = new Map();
    for (const row of rows) {
      const payload = priceRulePayload.safeParse(row.payload);
      if (!payload.success) continue;
      waiting.set(row.targetId, {
        approvalId: row.id,
        rule: ruleOfPayload(payload.data),
        requestedBy: people.get(row.requestedBy)?.name ?? row.requestedBy,
        requestedAt: row.requestedAt.toISOString(),
      });
    }
    return waiting;
  }

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
    const [rules, waiting] = await Promise.all([catalog.rules.list(), waitingChanges()]);
    return describe(await serviceOf(serviceId), rules, waiting);
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
        waitingChanges(),
      ]);
      return Promise.all(services.map((service) => describe(service, rules, waiting)));
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

    /** What a price change is about, for the Approvals page. */
    subjectOf: (row: ApprovalRow): ApprovalSubject | null => {
      const payload = priceRulePayload.safeParse(row.payload);
      return payload.success ? { label: `Price of ${payload.data.name}`, href: '/admin/prices' } : null;
    },

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

type WaitingChanges = Map<
  string,
  { approvalId: string; rule: PriceRule; requestedBy: string; requestedAt: string }
>;

export type PriceAdmin = ReturnType<typeof createPriceAdmin>;
