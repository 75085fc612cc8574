import type { Purchase, VerifyResponse } from '@quickvend/shared/api/purchases';
import { kobo, toNairaString, type Kobo } from '@quickvend/shared/money';
import { findServiceDefinition } from '../catalog/index.ts';
import type { CustomerCheck, VerifiedCustomer } from './purchases.port.ts';
import type { PurchaseRow } from './purchases.repo.ts';

export function toPurchase(row: PurchaseRow): Purchase {
  const service = findServiceDefinition(row.serviceId);
  // a failed purchase is always refunded in full, in the same transaction that marks it failed
  const refundedKobo = row.status === 'failed' ? row.chargedKobo : kobo(0);
  const chargedKobo = kobo(row.chargedKobo - refundedKobo);
  return {
    id: row.id,
    requestId: row.requestId,
    serviceId: row.serviceId,
    kind: service?.kind ?? 'airtime',
    serviceName: service?.name ?? row.serviceId,
    status: row.status === 'processing' ? 'pending' : row.status,
    phone: row.phone,
    billersCode: row.billersCode,
    variationCode: row.variationCode,
    planName: row.planName,
    amountKobo: row.amountKobo,
    amount: toNairaString(row.amountKobo),
    chargedKobo,
    charged: toNairaString(chargedKobo),
    refundedKobo,
    refunded: toNairaString(refundedKobo),
    balanceAfterKobo: row.balanceAfterKobo,
    token: row.token,
    pins: row.pins ?? null,
    subscriptionType: row.subscriptionType,
    quantity: row.quantity,
    discountKobo: kobo(row.amountKobo - row.chargedKobo),
    discount: toNairaString(row.amountKobo - row.chargedKobo),
    customerName: row.customerName,
    units: row.units,
    receiptLines: row.receiptLines ?? [],
    message:
      row.message ||
      (row.status === 'processing' ? 'We are confirming this purchase with the provider.' : ''),
    resolveBy:
      row.status === 'pending' || row.status === 'processing' ? (row.resolveBy?.toISOString() ?? null) : null,
    transactionId: row.providerReference,
    providerRequestId: row.providerRequestId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const naira = (amount: Kobo | null) => (amount === null ? null : toNairaString(amount));

export function toVerifyResponse(check: CustomerCheck, customer: VerifiedCustomer): VerifyResponse {
  return {
    serviceId: check.serviceId,
    billersCode: check.billersCode,
    type: check.type ?? null,
    customerName: customer.customerName,
    address: customer.address,
    meterType: customer.meterType,
    minimumAmountKobo: customer.minimumKobo,
    minimumAmount: naira(customer.minimumKobo),
    maximumAmountKobo: customer.maximumKobo,
    maximumAmount: naira(customer.maximumKobo),
    canVend: customer.canVend,
    accountType: customer.accountType,
    status: customer.status,
    dueDate: customer.dueDate,
    currentBouquet: customer.currentBouquet,
    renewalAmountKobo: customer.renewalKobo,
    renewalAmount: naira(customer.renewalKobo),
  };
}
