import type { ManualFundingRequest, Payment, PaymentStatus } from '@quickvend/shared/api/funding';
import { kobo, toNairaString, type Kobo } from '@quickvend/shared/money';
import { checkoutEndOf } from '../funding/index.ts';

export const toPaymentView = (row: {
  id: string;
  reference: string;
  channel: string;
  email: string;
  amountKobo: Kobo;
  status: PaymentStatus;
  gatewayResponse: string | null;
  senderName: string | null;
  paidAt: Date | null;
  createdAt: Date;
}): Payment => ({
  id: row.id,
  reference: row.reference,
  channel: row.channel,
  email: row.email,
  amountKobo: row.amountKobo,
  amount: toNairaString(row.amountKobo),
  status: row.status,
  gatewayResponse: row.gatewayResponse,
  senderName: row.senderName,
  paidAt: row.paidAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  checkoutEndsAt: checkoutEndOf(row)?.toISOString() ?? null,
});

export const toManualRequestView = (row: {
  id: string;
  depositorName: string;
  bankName: string;
  amountKobo: Kobo;
  chargeKobo: Kobo;
  status: ManualFundingRequest['status'];
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}): ManualFundingRequest => ({
  id: row.id,
  depositorName: row.depositorName,
  bankName: row.bankName,
  amountKobo: row.amountKobo,
  amount: toNairaString(row.amountKobo),
  chargeKobo: row.chargeKobo,
  creditKobo: kobo(row.amountKobo - row.chargeKobo),
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
