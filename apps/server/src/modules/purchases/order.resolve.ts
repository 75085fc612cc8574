import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { purchaseRefusals } from '@quickvend/shared/messages/purchase';
import {
  checkMeterForm,
  checkShowmaxForm,
  checkTvForm,
  isSandboxNumber,
  compactNumber,
  type TvServiceId,
} from '@quickvend/shared/bills';
import { formatNaira, kobo, koboFromNaira, type Kobo } from '@quickvend/shared/money';
import { normalisePhone } from '@quickvend/shared/phone';
import type { PriceChannel } from '@quickvend/shared/pricing';
import { EXAM_MAX_QUANTITY } from '@quickvend/shared/services';
import { AppError } from '../../lib/errors.ts';
import type { Catalog, CatalogService } from '../catalog/index.ts';
import type { CustomerCheck, VerifiedCustomer } from './purchases.port.ts';

/** What a request buys, as the server reads it: the fields a purchase row records. */
export type Order = {
  phone: string;
  amountKobo: Kobo;
  billersCode?: string | null;
  variationCode?: string | null;
  planName?: string | null;
  subscriptionType?: 'change' | 'renew' | null;
  quantity?: number | null;
  customerName?: string | null;
};

export type ResolvedOrder = Order & { service: CatalogService; chargedKobo: Kobo };

/** A request read and priced with no provider call; the provider check it needs comes next. */
export type DraftOrder = {
  /** the smartcard, meter or JAMB profile to check with the provider before buying, or null */
  check: CustomerCheck | null;
  /** what the wallet must hold at least: the price, or 1 kobo while the check alone can price it (a renewal) */
  leastChargeKobo: Kobo;
  /**
   * The order, given what the check said (null without one).
   * @throws VALIDATION_FAILED (the customer's own limits, no renewal), CUSTOMER_NOT_VERIFIED (cannot vend)
   */
  finish(customer: VerifiedCustomer | null): Promise<ResolvedOrder>;
};

/** One kind's reading of a request: the order known before the check (null for a renewal), and after it. */
type Drafted = {
  check: CustomerCheck | null;
  known: Order | null;
  finish: (customer: VerifiedCustomer | null) => Order;
};

const ready = (order: Order): Drafted => ({ check: null, known: order, finish: () => order });

export type OrderResolverDeps = {
  catalog: Pick<Catalog, 'getService' | 'findVariation' | 'quote'>;
  /** sandbox mode accepts the provider's sandbox test numbers as phone numbers */
  acceptsSandboxNumbers: boolean;
};

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : undefined);

const required = () => invalid(messages.purchase.allFieldsRequired);

function readAmount(raw: string | number | undefined): Kobo {
  if (raw === undefined || raw === '') throw invalid(messages.purchase.allFieldsRequired, 'amount');
  return koboFromNaira(raw, () => invalid(messages.purchase.invalidAmount, 'amount'), { positive: true });
}

function checkLimits(amountKobo: Kobo, minimumKobo: Kobo | null, maximumKobo: Kobo | null): void {
  if (minimumKobo !== null && amountKobo < minimumKobo) {
    throw invalid(messages.purchase.minimumAmount(formatNaira(minimumKobo)), 'amount');
  }
  if (maximumKobo !== null && amountKobo > maximumKobo) {
    throw invalid(messages.purchase.maximumAmount(formatNaira(maximumKobo)), 'amount');
  }
}

/** Validates a purchase request per service kind and prices it, before anything asks the provider. */
export function createOrderResolver(deps: OrderResolverDeps) {
  const { catalog } = deps;
  const sandbox = deps.acceptsSandboxNumbers;

  function readPhone(raw: string): string {
    const digits = raw.replace(/[\s\-().]/g, '');
    if (sandbox && isSandboxNumber(digits)) return digits;
    const phone = normalisePhone(raw);
    if (phone) return phone;
    throw invalid(messages.purchase.invalidPhone, 'phone');
  }

  /** The provider's sandbox scenario numbers test what a sale does; they have no customer to verify. */
  const checkOf = (check: CustomerCheck): CustomerCheck | null =>
    sandbox && isSandboxNumber(check.billersCode) ? null : check;

  async function findPlan(serviceId: string, code: string | undefined, message: string) {
    const variation = code ? await catalog.findVariation(serviceId, code) : undefined;
    if (!variation || variation.amountKobo <= 0) throw invalid(message, 'variationCode');
    return variation;
  }

  function resolveAirtime(service: CatalogService, body: CreatePurchaseBody): Drafted {
    const amountKobo = readAmount(body.amount);
    const phone = readPhone(body.phone ?? '');
    checkLimits(amountKobo, service.minimumKobo, service.maximumKobo);
    return ready({ phone, amountKobo });
  }

  async function resolveData(service: CatalogService, body: CreatePurchaseBody): Promise<Drafted> {
    if (!body.variationCode) throw required();
    const phone = readPhone(body.phone ?? '');
    const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidDataPlan);
    return ready({
      phone,
      amountKobo: variation.amountKobo,
      variationCode: variation.code,
      planName: variation.name,
    });
  }

  async function resolveTv(service: CatalogService, body: CreatePurchaseBody): Promise<Drafted> {
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
      return ready({
        phone,
        billersCode: phone,
        amountKobo: kobo(planAmountKobo ?? 0),
        variationCode: variation?.code,
        planName: variation?.name,
      });
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
    const check = checkOf({ serviceId, billersCode });
    const base = {
      phone,
      billersCode,
      // StarTimes has no renew/change choice at the provider
      subscriptionType: serviceId === 'startimes' ? null : subscriptionType,
    };
    if (subscriptionType === 'renew') {
      return {
        check,
        known: null,
        finish(customer) {
          if (!customer?.renewalKobo) throw invalid(messages.bills.renewUnavailable, 'subscriptionType');
          return {
            ...base,
            customerName: customer.customerName,
            amountKobo: customer.renewalKobo,
            planName: customer.currentBouquet ? `${customer.currentBouquet} (renewal)` : 'Renewal',
          };
        },
      };
    }
    const order: Order = {
      ...base,
      amountKobo: kobo(planAmountKobo ?? 0),
      variationCode: variation?.code,
      planName: variation?.name,
    };
    return {
      check,
      known: order,
      finish: (customer) => ({ ...order, customerName: customer?.customerName ?? null }),
    };
  }

  function resolveElectricity(service: CatalogService, body: CreatePurchaseBody): Drafted {
    const meterType = body.type ?? body.variationCode ?? '';
    const problem = checkMeterForm({ meterNumber: body.billersCode ?? '', meterType, serviceId: service.id });
    if (problem) throw invalid(problem);
    const amountKobo = readAmount(body.amount);
    const phone = readPhone(body.phone ?? '');
    const billersCode = compactNumber(body.billersCode ?? '');
    // the distributor's own limits before the provider is asked; the meter's own ones after
    checkLimits(amountKobo, service.minimumKobo, service.maximumKobo);
    const order: Order = {
      phone,
      billersCode,
      amountKobo,
      variationCode: meterType,
      planName: meterType === 'prepaid' ? 'Prepaid meter' : 'Postpaid meter',
      customerName: null,
    };
    return {
      check: checkOf({ serviceId: service.id, billersCode, type: meterType }),
      known: order,
      finish(customer) {
        if (customer?.canVend === false)
          throw new AppError('CUSTOMER_NOT_VERIFIED', messages.bills.cannotVend);
        const minimum = Math.max(service.minimumKobo ?? 0, customer?.minimumKobo ?? 0);
        const maximum = Math.min(service.maximumKobo ?? Infinity, customer?.maximumKobo ?? Infinity);
        checkLimits(
          amountKobo,
          minimum > 0 ? kobo(minimum) : null,
          Number.isFinite(maximum) ? kobo(maximum) : null,
        );
        return { ...order, customerName: customer?.customerName ?? null };
      },
    };
  }

  async function resolveExam(service: CatalogService, body: CreatePurchaseBody): Promise<Drafted> {
    if (!body.variationCode || (service.verification === 'profile' && !body.billersCode)) throw required();
    const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidPlanOrAmount);
    const phone = readPhone(body.phone ?? '');
    if (service.verification === 'profile') {
      const billersCode = compactNumber(body.billersCode ?? '');
      const order: Order = {
        phone,
        billersCode,
        amountKobo: variation.amountKobo,
        variationCode: variation.code,
        planName: variation.name,
      };
      return {
        check: checkOf({ serviceId: service.id, billersCode, type: variation.code }),
        known: order,
        finish: (customer) => ({ ...order, customerName: customer?.customerName ?? null }),
      };
    }
    const quantity = body.quantity ?? 1;
    if (quantity < 1 || quantity > EXAM_MAX_QUANTITY) throw invalid(messages.bills.quantityRange, 'quantity');
    return ready({
      phone,
      amountKobo: kobo(variation.amountKobo * quantity),
      variationCode: variation.code,
      planName: quantity > 1 ? `${variation.name} × ${quantity}` : variation.name,
      quantity,
    });
  }

  async function resolveByKind(service: CatalogService, body: CreatePurchaseBody): Promise<Drafted> {
    switch (service.kind) {
      case 'airtime':
        return resolveAirtime(service, body);
      case 'data':
        return resolveData(service, body);
      case 'tv':
        return resolveTv(service, body);
      case 'electricity':
        return resolveElectricity(service, body);
      case 'education':
        return resolveExam(service, body);
    }
  }

  /** The channel's price of one unit (a plan, or the face value bought), times the quantity. */
  async function charge(service: CatalogService, order: Order, channel: PriceChannel): Promise<Kobo> {
    const quantity = order.quantity ?? 1;
    const unitKobo = kobo(order.amountKobo / quantity);
    const { priceKobo } = await catalog.quote(service, order.variationCode ?? null, unitKobo, channel);
    return kobo(priceKobo * quantity);
  }

  /**
   * What will be bought and charged, as far as it is known without asking the provider; the server alone
   * decides prices, by the channel's price rules.
   * @throws VALIDATION_FAILED, PRODUCT_UNAVAILABLE, CUSTOMER_NOT_VERIFIED
   */
  return async function draftOrder(body: CreatePurchaseBody, channel: PriceChannel): Promise<DraftOrder> {
    const service = await catalog.getService(body.serviceId);
    if (!service)
      throw new AppError('PRODUCT_UNAVAILABLE', purchaseRefusals.unknownService, {
        fields: { serviceId: purchaseRefusals.unknownServiceField },
      });
    if (!body.phone) throw required();
    const drafted = await resolveByKind(service, body);
    const price = async (order: Order): Promise<ResolvedOrder> => ({
      service,
      ...order,
      chargedKobo: await charge(service, order, channel),
    });
    if (!drafted.check) {
      const order = await price(drafted.finish(null));
      return { check: null, leastChargeKobo: order.chargedKobo, finish: () => Promise.resolve(order) };
    }
    const known = drafted.known ? await price(drafted.known) : null;
    return {
      check: drafted.check,
      leastChargeKobo: known?.chargedKobo ?? kobo(1),
      finish: (customer) => price(drafted.finish(customer)),
    };
  };
}
