import type {
  AdminPriceRow,
  AdminPriceService,
  ChannelPrice,
  PricePreview,
  PriceRuleView,
} from '@quickvend/shared/api/admin-prices';
import { toNairaString } from '@quickvend/shared/money';
import type { Wire } from './wire.ts';

export function aRule(overrides: Partial<Wire<PriceRuleView>> = {}): Wire<PriceRuleView> {
  return {
    mode: 'bps',
    bps: -100,
    fixedPriceKobo: null,
    allowLoss: false,
    updatedAt: '2025-03-12T13:05:00.000Z',
    updatedBy: null,
    ...overrides,
  };
}

export function aChannelPrice(
  priceKobo: number,
  costKobo: number,
  overrides: Partial<Wire<ChannelPrice>> = {},
): Wire<ChannelPrice> {
  return {
    rule: null,
    priceKobo,
    price: toNairaString(priceKobo),
    marginKobo: priceKobo - costKobo,
    margin: toNairaString(priceKobo - costKobo),
    source: 'face',
    isRuleStale: false,
    pendingChange: null,
    ...overrides,
  };
}

/** A row priced the same on both channels unless told otherwise. */
export function aPriceRow(
  fields: { code: string; name: string; faceKobo: number; costKobo: number; priceKobo?: number },
  overrides: Partial<Pick<Wire<AdminPriceRow>, 'web' | 'api'>> = {},
): Wire<AdminPriceRow> {
  const price = aChannelPrice(fields.priceKobo ?? fields.faceKobo, fields.costKobo);
  return {
    code: fields.code,
    name: fields.name,
    faceKobo: fields.faceKobo,
    face: toNairaString(fields.faceKobo),
    costKobo: fields.costKobo,
    cost: toNairaString(fields.costKobo),
    web: price,
    api: price,
    ...overrides,
  };
}

const serviceRule = aRule({ bps: -100 });

/** DStv as the server lists it by default: 1% off for both channels, 1.5% commission. */
export const dstvPrices: Wire<AdminPriceService> = {
  id: 'dstv',
  name: 'DSTV',
  kind: 'tv',
  commissionBps: 150,
  commissionSource: 'default',
  defaultBps: -100,
  service: aPriceRow(
    { code: '', name: 'Every plan (shown at ₦1,000.00)', faceKobo: 100_000, costKobo: 98_500 },
    {
      web: aChannelPrice(99_000, 98_500, { rule: serviceRule, source: 'service' }),
      api: aChannelPrice(99_000, 98_500, { rule: serviceRule, source: 'service' }),
    },
  ),
  variations: [
    aPriceRow(
      { code: 'dstv-padi', name: 'DStv Padi N4,400', faceKobo: 440_000, costKobo: 433_400 },
      {
        web: aChannelPrice(435_600, 433_400, { source: 'service' }),
        api: aChannelPrice(435_600, 433_400, { source: 'service' }),
      },
    ),
    aPriceRow(
      { code: 'dstv79', name: 'DStv Compact N19,000', faceKobo: 1_900_000, costKobo: 1_871_500 },
      {
        web: aChannelPrice(1_881_000, 1_871_500, { source: 'service' }),
        api: aChannelPrice(1_881_000, 1_871_500, { source: 'service' }),
      },
    ),
  ],
};

export const mtnAirtimePrices: Wire<AdminPriceService> = {
  id: 'mtn',
  name: 'MTN Airtime',
  kind: 'airtime',
  commissionBps: 300,
  commissionSource: 'default',
  defaultBps: 0,
  service: aPriceRow({
    code: '',
    name: 'Any amount (shown at ₦1,000.00)',
    faceKobo: 100_000,
    costKobo: 97_000,
  }),
  variations: [],
};

/** What the server previews for one plan's rule; a fixed price waits for a second admin unless told otherwise. */
export function aPlanPreview(
  row: { code: string; name: string; faceKobo: number; costKobo: number },
  priceKobo: number,
  problem: string | null = null,
  isApprovalNeeded = true,
): Wire<PricePreview> {
  return {
    commissionBps: 150,
    rows: [
      {
        code: row.code,
        name: row.name,
        faceKobo: row.faceKobo,
        costKobo: row.costKobo,
        priceKobo,
        marginKobo: priceKobo - row.costKobo,
        isBelowCost: priceKobo < row.costKobo,
        lossKobo: priceKobo < row.costKobo ? row.costKobo - priceKobo : null,
      },
    ],
    problem,
    isApprovalNeeded,
  };
}
