import type { CreatePurchaseBody, Purchase, Variation } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { sellingPrice } from '@quickvend/shared/pricing';
import { ELECTRICITY_DISTRIBUTORS } from '@quickvend/shared/services';
import {
  aPurchase,
  aService,
  aUser,
  aVariation,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from './mock-api.ts';
import type { Wire } from './wire.ts';

/** The bill services as the server lists them: 1% off TV, Showmax and electricity; none on exams. */
export const billServices = [
  aService({ id: 'mtn' }),
  aService({
    id: 'dstv',
    kind: 'tv',
    name: 'DSTV Subscription',
    network: null,
    minimumKobo: null,
    maximumKobo: null,
    hasVariations: true,
    verification: 'smartcard',
    discountBps: 100,
  }),
  aService({
    id: 'gotv',
    kind: 'tv',
    name: 'Gotv Payment',
    network: null,
    hasVariations: true,
    verification: 'smartcard',
    discountBps: 100,
  }),
  aService({
    id: 'startimes',
    kind: 'tv',
    name: 'Startimes Subscription',
    network: null,
    hasVariations: true,
    verification: 'smartcard',
    discountBps: 150,
  }),
  aService({
    id: 'showmax',
    kind: 'tv',
    name: 'ShowMax',
    network: null,
    hasVariations: true,
    verification: null,
    discountBps: 100,
  }),
  ...ELECTRICITY_DISTRIBUTORS.map((distributor) =>
    aService({
      id: distributor.id,
      kind: 'electricity',
      name: `${distributor.label} Electric`,
      network: null,
      minimumKobo: 50_000,
      maximumKobo: 50_000_000,
      verification: 'meter',
      discountBps: 100,
    }),
  ),
  aService({ id: 'waec', kind: 'education', name: 'WAEC Result Checker PIN', network: null }),
  aService({ id: 'waec-registration', kind: 'education', name: 'WAEC Registration PIN', network: null }),
  aService({ id: 'jamb', kind: 'education', name: 'JAMB PIN', network: null, verification: 'profile' }),
];

export const billPlans: Record<string, ReturnType<typeof aVariation>[]> = {
  dstv: [
    aVariation('dstv-padi', 'DStv Padi N4,400', 440_000),
    aVariation('dstv79', 'DStv Compact N19,000', 1_900_000),
    aVariation('dstv-free', 'DStv Promo', 0),
  ],
  gotv: [aVariation('gotv-max', 'GOtv Max N8,500', 850_000), aVariation('gotv-free', 'GOtv Promo', 0)],
  startimes: [aVariation('nova', 'Nova - 1 Month', 210_000), aVariation('basic', 'Basic - 1 Month', 400_000)],
  showmax: [
    aVariation('mobile_only_1', 'Showmax Mobile - 1 Month', 160_000),
    aVariation('full_1', 'Showmax - 1 Month', 350_000),
    aVariation('broken', 'Showmax Broken', 0),
  ],
  waec: [aVariation('waecdirect', 'WASSCE', 390_000)],
  'waec-registration': [aVariation('waec-registraion', 'WASSCE for School Candidate', 1_445_000)],
  jamb: [
    aVariation('utme-mock', 'UTME PIN (with mock)', 770_000),
    aVariation('utme-no-mock', 'UTME PIN (without mock)', 620_000),
  ],
};

/** A plan at the price its service's discount gives, as the server lists it. */
function pricedFor(serviceId: string, plan: Wire<Variation>): Wire<Variation> {
  const bps = billServices.find((service) => service.id === serviceId)?.discountBps ?? 0;
  const price = sellingPrice(kobo(plan.amountKobo), { mode: 'bps', bps: -bps, allowLoss: false });
  return aVariation(plan.code, plan.name, plan.amountKobo, price);
}

/** A signed-in user with ₦50,000 (and a breakdown), the bill catalogue and a PIN already set. */
export function billsApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(5_000_000, {
      fundedKobo: 6_000_000,
      usedKobo: 1_500_000,
      fromAdminKobo: 400_000,
      referralKobo: 100_000,
      totalKobo: 5_000_000,
    }),
    'GET /api/v1/services': { body: { services: billServices } },
    'GET /api/v1/services/:serviceId/variations': (_body, url) => {
      const id = decodeURIComponent(url.pathname.split('/')[4] ?? '');
      return { body: { variations: (billPlans[id] ?? []).map((plan) => pricedFor(id, plan)) } };
    },
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    ...overrides,
  });
}

/** The answer to `POST /api/v1/purchases`: the purchase made for the request (its key, service, phone and number). */
export function purchaseMadeFor(request: CreatePurchaseBody, fields: Partial<Wire<Purchase>>) {
  return {
    status: 201,
    body: {
      purchase: aPurchase({
        requestId: request.requestId,
        serviceId: request.serviceId,
        phone: request.phone ?? '',
        billersCode: request.billersCode ?? null,
        ...fields,
      }),
    },
  };
}
