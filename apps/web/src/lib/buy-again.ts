import type { Purchase } from '@quickvend/shared/api/purchases';
import { toNairaString } from '@quickvend/shared/money';
import type { Network } from '@quickvend/shared/phone';
import {
  ELECTRICITY_DISTRIBUTORS,
  EXAM_MAX_QUANTITY,
  EXAM_SERVICES,
  METER_TYPES,
  NETWORK_SERVICES,
} from '@quickvend/shared/services';
import { paths } from './paths.ts';

/** The search parameters a purchase page is opened with to buy the same again. */
export const buyAgainParams = {
  network: 'network',
  phone: 'phone',
  amount: 'amount',
  plan: 'plan',
  card: 'card',
  meter: 'meter',
  disco: 'disco',
  meterType: 'type',
  exam: 'exam',
  quantity: 'quantity',
  profile: 'profile',
} as const;

const networks = Object.entries(NETWORK_SERVICES) as [Network, (typeof NETWORK_SERVICES)[Network]][];

/** `500` for ₦500.00, `1500.50` when there are kobo: what the amount field takes. */
function amountText(amountKobo: number): string {
  return amountKobo % 100 === 0 ? String(amountKobo / 100) : toNairaString(amountKobo);
}

function withQuery(path: string, values: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The purchase page that buys this purchase again, filled in (the PIN is still asked), or null for a
 * service no page sells. A plan that no longer exists is left for the page to drop.
 */
export function buyAgainPath(purchase: Purchase): string | null {
  const p = buyAgainParams;
  const { serviceId, phone } = purchase;
  const airtime = networks.find(([, service]) => service.airtime === serviceId);
  if (airtime) {
    return withQuery(paths.airtime, {
      [p.network]: airtime[0],
      [p.phone]: phone,
      [p.amount]: purchase.amountKobo > 0 ? amountText(purchase.amountKobo) : null,
    });
  }
  const data = networks.find(([, service]) => service.data === serviceId);
  if (data) {
    return withQuery(paths.data, {
      [p.network]: data[0],
      [p.phone]: phone,
      [p.plan]: purchase.variationCode,
    });
  }
  if (serviceId === 'dstv' || serviceId === 'gotv' || serviceId === 'startimes') {
    return withQuery(paths[serviceId], {
      [p.card]: purchase.billersCode,
      // renewing names no bouquet: the page offers the renewal once the card is verified
      [p.plan]: purchase.subscriptionType === 'renew' ? null : purchase.variationCode,
      [p.phone]: phone,
    });
  }
  if (serviceId === 'showmax') {
    return withQuery(paths.showmax, { [p.plan]: purchase.variationCode, [p.phone]: phone });
  }
  if (ELECTRICITY_DISTRIBUTORS.some((disco) => disco.id === serviceId)) {
    const meterType = METER_TYPES.find((type) => type === purchase.variationCode);
    return withQuery(paths.electricity, {
      [p.disco]: serviceId,
      [p.meter]: purchase.billersCode,
      [p.meterType]: meterType,
      [p.amount]: purchase.amountKobo > 0 ? amountText(purchase.amountKobo) : null,
      [p.phone]: phone,
    });
  }
  if (EXAM_SERVICES.some((exam) => exam.id === serviceId)) {
    const isJamb = serviceId === 'jamb';
    const quantity = purchase.quantity;
    return withQuery(paths.examPins, {
      [p.exam]: serviceId,
      [p.plan]: purchase.variationCode,
      [p.quantity]:
        !isJamb && quantity !== null && quantity >= 1 && quantity <= EXAM_MAX_QUANTITY
          ? String(quantity)
          : null,
      [p.profile]: isJamb ? purchase.billersCode : null,
      [p.phone]: phone,
    });
  }
  return null;
}

/** What a buy-again link carried in one parameter: text of digits only (a number, a card), else ''. */
export function digitsParam(params: URLSearchParams, name: string): string {
  const value = params.get(name)?.trim() ?? '';
  return /^\+?\d{1,20}$/.test(value) ? value : '';
}

/** A naira amount parameter (`500`, `1500.50`), else ''. */
export function amountParam(params: URLSearchParams): string {
  const value = params.get(buyAgainParams.amount)?.trim() ?? '';
  return /^\d{1,9}(\.\d{1,2})?$/.test(value) ? value : '';
}

/** A plan code parameter, else '' (the page drops it too if the plan list no longer has it). */
export function planParam(params: URLSearchParams): string {
  const value = params.get(buyAgainParams.plan)?.trim() ?? '';
  return value.length <= 100 ? value : '';
}

/** One of the allowed values, else the fallback. */
export function choiceParam<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = params.get(name)?.trim().toLowerCase() ?? '';
  return allowed.find((candidate) => candidate === value) ?? fallback;
}
