import type {
  AdminPriceRow,
  AdminPriceService,
  ChannelPrice,
  PricePreview,
  PricePreviewBody,
  PriceRuleView,
  PriceTargetInput,
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
  priceTexts,
  quote,
  ruleProblem,
  sellingPrice,
  type PriceChannel,
  type PriceRule,
} from '@quickvend/shared/pricing';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Catalog, CatalogService, CatalogVariation } from './catalog.service.ts';
import type { RuleTarget, StoredPriceRule } from './price-rules.store.ts';

export type PriceRuleInput = PricePreviewBody & { variationCode: string };

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
const auditedRule = (rule: StoredPriceRule | undefined) =>
  rule
    ? {
        mode: rule.mode,
        ...(rule.mode === 'bps' ? { bps: rule.bps } : { fixedPriceKobo: rule.fixedPriceKobo }),
        allowLoss: rule.allowLoss,
      }
    : null;

/** Plans a rule can be set on: those with a face value of their own (not a meter type). */
const priceable = (variations: readonly CatalogVariation[]) => variations.filter((v) => v.amountKobo > 0);

const serviceRowName = (service: CatalogService) =>
  service.hasVariations
    ? 'Every plan (shown at ₦1,000.00)'
    : `Any amount (shown at ${formatNaira(EXAMPLE_FACE_KOBO)})`;

/**
 * The back office's view of prices: every service and plan with its face value, our cost, each channel's rule
 * and price and margin; a preview of a rule; saving and resetting rules, each audited with before and after.
 */
export function createPriceAdmin(deps: { db: Database; catalog: Catalog; audit: Pick<AuditLog, 'record'> }) {
  const { db, catalog, audit } = deps;

  function rowOf(
    service: CatalogService,
    code: string,
    name: string,
    faceKobo: Kobo,
    rules: readonly StoredPriceRule[],
  ): AdminPriceRow {
    const costKobo = costOf(faceKobo, service.commission.bps);
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
  ): Promise<AdminPriceService> {
    const variations = service.hasVariations ? priceable(await catalog.listVariations(service.id)) : [];
    return {
      id: service.id,
      name: service.name,
      kind: service.kind,
      commissionBps: service.commission.bps,
      commissionSource: service.commission.source,
      defaultBps: defaultServiceBps(service.kind),
      service: rowOf(service, '', serviceRowName(service), EXAMPLE_FACE_KOBO, rules),
      variations: variations.map((v) => rowOf(service, v.code, v.name, v.amountKobo, rules)),
    };
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
    input: PricePreviewBody,
  ): Promise<PricePreview & { rule: PriceRule; target: RuleTarget }> {
    const { service, variation, variationCode } = await targetOf(input);
    const rule = ruleOf(input, variation !== null);
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
      };
    };
    const target: RuleTarget = { serviceId: service.id, variationCode, channel: input.channel };
    if (variation) {
      return {
        target,
        rule,
        commissionBps: rate,
        rows: [previewRow(variation.code, variation.name, variation.amountKobo)],
        problem: ruleProblem(rule, variation.amountKobo, costOf(variation.amountKobo, rate)),
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
      commissionBps: rate,
      rows: [
        previewRow('', serviceRowName(service), EXAMPLE_FACE_KOBO),
        ...plans.filter((v) => !hasOwnRule(v.code)).map((v) => previewRow(v.code, v.name, v.amountKobo)),
      ],
      // a percentage and the commission are both proportional: the example face value decides for all
      problem: ruleProblem(rule, EXAMPLE_FACE_KOBO, costOf(EXAMPLE_FACE_KOBO, rate)),
    };
  }

  async function afterChange(serviceId: string): Promise<AdminPriceService> {
    await catalog.rules.announce(serviceId);
    return describe(await serviceOf(serviceId), await catalog.rules.list());
  }

  return {
    async list(): Promise<AdminPriceService[]> {
      const [services, rules] = await Promise.all([catalog.listServices(), catalog.rules.list()]);
      return Promise.all(services.map((service) => describe(service, rules)));
    },

    async preview(input: PricePreviewBody): Promise<PricePreview> {
      const { commissionBps, rows, problem } = await preview(input);
      return { commissionBps, rows, problem };
    },

    /**
     * Saves a rule for a service or a plan on one channel; it applies to the next sale in every process.
     * @throws NOT_FOUND, VALIDATION_FAILED (below cost without the loss flag, an unknown plan, a bad value)
     */
    async save(
      actor: Actor,
      input: PricePreviewBody & { reason?: string | undefined },
    ): Promise<AdminPriceService> {
      const { target, rule, problem } = await preview(input);
      if (problem) throw invalid(rule.mode === 'bps' ? 'bps' : 'fixedPrice', problem);
      await db.transaction(async (tx) => {
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
            reason: input.reason ?? null,
          },
          tx,
        );
      });
      return afterChange(target.serviceId);
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

export type PriceAdmin = ReturnType<typeof createPriceAdmin>;
