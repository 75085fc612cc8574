import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import {
  checkMeterForm,
  checkShowmaxForm,
  checkTvForm,
  isSandboxNumber,
  compactNumber,
  type TvServiceId,
} from '@quickvend/shared/bills';
import { AmountError, formatNaira, kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import { normalisePhone } from '@quickvend/shared/phone';
import type { PriceChannel } from '@quickvend/shared/pricing';
import { EXAM_MAX_QUANTITY } from '@quickvend/shared/services';
import { AppError } from '../../lib/errors.ts';
import type { Catalog, CatalogService } from '../catalog/index.ts';
import type { CustomerCheck, VerifiedCustomer } from './purchases.port.ts';
import type { VerificationService } from './verification.service.ts';

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

export type OrderResolverDeps = {
  catalog: Pick<Catalog, 'getService' | 'findVariation' | 'quote'>;
  verifications: Pick<VerificationService, 'ensure'>;
  /** sandbox mode accepts the provider's sandbox test numbers as phone numbers */
  acceptsSandboxNumbers: boolean;
};

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : undefined);

const required = () => invalid(messages.purchase.allFieldsRequired);

function readAmount(raw: string | number | undefined): Kobo {
  if (raw === undefined || raw === '') throw invalid(messages.purchase.allFieldsRequired, 'amount');
  try {
    const amount = parseNaira(raw);
    if (amount <= 0) throw invalid(messages.purchase.invalidAmount, 'amount');
    return amount;
  } catch (error) {
    if (error instanceof AmountError) throw invalid(messages.purchase.invalidAmount, 'amount');
    throw error;
  }
}

function checkLimits(amountKobo: Kobo, minimumKobo: Kobo | null, maximumKobo: Kobo | null): void {
  if (minimumKobo !== null && amountKobo < minimumKobo) {
    throw invalid(messages.purchase.minimumAmount(formatNaira(minimumKobo)), 'amount');
  }
  if (maximumKobo !== null && amountKobo > maximumKobo) {
    throw invalid(messages.purchase.maximumAmount(formatNaira(maximumKobo)), 'amount');
  }
}

/** Validates a purchase request per service kind and prices it. */
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
  async function verifiedCustomer(userId: string, check: CustomerCheck): Promise<VerifiedCustomer | null> {
    if (sandbox && isSandboxNumber(check.billersCode)) return null;
    return deps.verifications.ensure(userId, check);
  }

  async function findPlan(serviceId: string, code: string | undefined, message: string) {
    const variation = code ? await catalog.findVariation(serviceId, code) : undefined;
    if (!variation || variation.amountKobo <= 0) throw invalid(message, 'variationCode');
    return variation;
  }

  function resolveAirtime(service: CatalogService, body: CreatePurchaseBody): Order {
    const amountKobo = readAmount(body.amount);
    const phone = readPhone(body.phone ?? '');
    checkLimits(amountKobo, service.minimumKobo, service.maximumKobo);
    return { phone, amountKobo };
  }

  async function resolveData(service: CatalogService, body: CreatePurchaseBody): Promise<Order> {
    if (!body.variationCode) throw required();
    const phone = readPhone(body.phone ?? '');
    const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidDataPlan);
    return {
      phone,
      amountKobo: variation.amountKobo,
      variationCode: variation.code,
      planName: variation.name,
    };
  }

  async function resolveTv(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
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
      return {
        phone,
        billersCode: phone,
        amountKobo: kobo(planAmountKobo ?? 0),
        variationCode: variation?.code,
        planName: variation?.name,
      };
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
    const customer = await verifiedCustomer(userId, { serviceId, billersCode });
    const base = {
      phone,
      billersCode,
      customerName: customer?.customerName ?? null,
      // StarTimes has no renew/change choice at the provider
      subscriptionType: serviceId === 'startimes' ? null : subscriptionType,
    };
    if (subscriptionType === 'renew') {
      if (!customer?.renewalKobo) throw invalid(messages.bills.renewUnavailable, 'subscriptionType');
      return {
        ...base,
        amountKobo: customer.renewalKobo,
        planName: customer.currentBouquet ? `${customer.currentBouquet} (renewal)` : 'Renewal',
      };
    }
    return {
      ...base,
      amountKobo: kobo(planAmountKobo ?? 0),
      variationCode: variation?.code,
      planName: variation?.name,
    };
  }

  async function resolveElectricity(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    const meterType = body.type ?? body.variationCode ?? '';
    const problem = checkMeterForm({ meterNumber: body.billersCode ?? '', meterType, serviceId: service.id });
    if (problem) throw invalid(problem);
    const amountKobo = readAmount(body.amount);
    const phone = readPhone(body.phone ?? '');
    const billersCode = compactNumber(body.billersCode ?? '');
    const customer = await verifiedCustomer(userId, { serviceId: service.id, billersCode, type: meterType });
    if (customer?.canVend === false) throw new AppError('CUSTOMER_NOT_VERIFIED', messages.bills.cannotVend);
    const minimum = Math.max(service.minimumKobo ?? 0, customer?.minimumKobo ?? 0);
    const maximum = Math.min(service.maximumKobo ?? Infinity, customer?.maximumKobo ?? Infinity);
    checkLimits(
      amountKobo,
      minimum > 0 ? kobo(minimum) : null,
      Number.isFinite(maximum) ? kobo(maximum) : null,
    );
    return {
      phone,
      billersCode,
      amountKobo,
      variationCode: meterType,
      planName: meterType === 'prepaid' ? 'Prepaid meter' : 'Postpaid meter',
      customerName: customer?.customerName ?? null,
    };
  }

  async function resolveExam(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    if (!body.variationCode || (service.verification === 'profile' && !body.billersCode)) throw required();
    const variation = await findPlan(service.id, body.variationCode, messages.purchase.invalidPlanOrAmount);
    const phone = readPhone(body.phone ?? '');
    if (service.verification === 'profile') {
      const billersCode = compactNumber(body.billersCode ?? '');
      const customer = await verifiedCustomer(userId, {
        serviceId: service.id,
        billersCode,
        type: variation.code,
      });
      return {
        phone,
        billersCode,
        amountKobo: variation.amountKobo,
        variationCode: variation.code,
        planName: variation.name,
        customerName: customer?.customerName ?? null,
      };
    }
    const quantity = body.quantity ?? 1;
    if (quantity < 1 || quantity > EXAM_MAX_QUANTITY) throw invalid(messages.bills.quantityRange, 'quantity');
    return {
      phone,
      amountKobo: kobo(variation.amountKobo * quantity),
      variationCode: variation.code,
      planName: quantity > 1 ? `${variation.name} × ${quantity}` : variation.name,
      quantity,
    };
  }

  async function resolveByKind(
    userId: string,
    service: CatalogService,
    body: CreatePurchaseBody,
  ): Promise<Order> {
    switch (service.kind) {
      case 'airtime':
        return resolveAirtime(service, body);
      case 'data':
        return resolveData(service, body);
      case 'tv':
        return resolveTv(userId, service, body);
      case 'electricity':
        return resolveElectricity(userId, service, body);
      case 'education':
        return resolveExam(userId, service, body);
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
   * What will be bought and charged; the server alone decides prices, by the channel's price rules.
   * @throws VALIDATION_FAILED, PRODUCT_UNAVAILABLE, CUSTOMER_NOT_VERIFIED
   */
  return async function resolveOrder(
    userId: string,
    body: CreatePurchaseBody,
    channel: PriceChannel,
  ): Promise<ResolvedOrder> {
    const service = await catalog.getService(body.serviceId);
    if (!service)
      throw new AppError('PRODUCT_UNAVAILABLE', 'We do not sell that service.', {
        fields: { serviceId: 'Unknown service.' },
      });
    if (!body.phone) throw required();
    const order = await resolveByKind(userId, service, body);
    return { service, ...order, chargedKobo: await charge(service, order, channel) };
  };
}
