import type {
  AdminPriceRow,
  AdminPriceService,
  ChannelPrice,
  PendingPriceChange,
  PriceRuleView,
} from '@quickvend/shared/api/admin-prices';
import { formatNaira, kobo, toNairaString, type Kobo } from '@quickvend/shared/money';
import {
  costOf,
  defaultServiceBps,
  EXAMPLE_FACE_KOBO,
  quote,
  sellingPrice,
  type PriceChannel,
} from '@quickvend/shared/pricing';
import type { Catalog, CatalogService, CatalogVariation } from './catalog.service.ts';
import { describeChange, targetId, type WaitingChanges } from './price-change.ts';
import type { StoredPriceRule } from './price-rules.store.ts';

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

/** Plans a rule can be set on: those with a face value of their own (not a meter type). */
export const priceable = (variations: readonly CatalogVariation[]) =>
  variations.filter((v) => v.amountKobo > 0);

export const serviceRowName = (service: CatalogService) =>
  service.hasVariations
    ? 'Every plan (shown at ₦1,000.00)'
    : `Any amount (shown at ${formatNaira(EXAMPLE_FACE_KOBO)})`;

/**
 * A row of the back office's prices: a plan (or the service, at an example face value) with its cost and, on
 * each channel, its rule, price, margin and the change waiting for a second admin.
 */
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

/** The service's row and a row for each plan a rule can be set on. */
export async function describeService(
  catalog: Pick<Catalog, 'listVariations'>,
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
