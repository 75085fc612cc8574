import { kobo, type Kobo } from '@quickvend/shared/money';
import {
  GatewayRejectedError,
  type DedicatedAccount,
  type GatewayEvent,
  type GatewayPayer,
  type GatewayTransaction,
} from '../../modules/funding/funding.port.ts';
import type { PaystackDedicatedAccount, PaystackTransaction, PaystackWebhookBody } from './paystack.types.ts';

export function toKobo(value: number | string): Kobo {
  return kobo(typeof value === 'number' ? value : Number(value));
}

export function toGatewayStatus(status: string): GatewayTransaction['status'] {
  switch (status) {
    case 'success':
      return 'success';
    case 'abandoned':
      return 'abandoned';
    // a reversed charge gave the money back: for funding it never arrived
    case 'failed':
    case 'reversed':
      return 'failed';
    default:
      return 'pending';
  }
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const orNull = (value: string | null | undefined): string | null => (value ? value : null);

export function toGatewayTransaction(data: PaystackTransaction): GatewayTransaction {
  const authorization = data.authorization ?? {};
  return {
    reference: data.reference,
    status: toGatewayStatus(data.status),
    amountKobo: toKobo(data.amount),
    currency: data.currency,
    channel: data.channel ?? authorization.channel ?? 'unknown',
    feesKobo: data.fees === null || data.fees === undefined ? null : toKobo(data.fees),
    paidAt: toDate(data.paid_at ?? data.paidAt),
    gatewayResponse: orNull(data.gateway_response),
    customerEmail: orNull(data.customer?.email),
    customerCode: orNull(data.customer?.customer_code),
    receiverAccountNumber: orNull(authorization.receiver_bank_account_number),
    senderName: orNull(authorization.sender_name),
    payer: toPayer(data),
    payerFingerprint: toPayerFingerprint(data),
  };
}

const plain = (text: string | null | undefined) => text?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';

/**
 * Who paid, without their details: a card by its signature, a transfer by the sender's bank and account number.
 * Paystack may send the number masked (`XXXXXX4199`): the sender's name is then added, so that strangers at one
 * bank whose numbers end alike are not taken for one payer.
 */
export function toPayerFingerprint(data: PaystackTransaction): string | null {
  const authorization = data.authorization ?? {};
  if ((data.channel ?? authorization.channel) !== 'dedicated_nuban') {
    return authorization.signature ? `card:${authorization.signature}` : null;
  }
  const bank = plain(authorization.sender_bank);
  const account = plain(authorization.sender_bank_account_number);
  if (!bank || !account) return null;
  if (/^\d+$/.test(account)) return `bank:${bank}:${account}`;
  const name = plain(authorization.sender_name);
  return name ? `bank:${bank}:${account}:${name}` : null;
}

/** A transfer names its sender and their account; a card, its holder (as the customer) and issuing bank. */
export function toPayer(data: PaystackTransaction): GatewayPayer {
  const authorization = data.authorization ?? {};
  const isTransfer = (data.channel ?? authorization.channel) === 'dedicated_nuban';
  const holder = [data.customer?.first_name, data.customer?.last_name].filter(Boolean).join(' ');
  return {
    name: orNull(isTransfer ? authorization.sender_name : authorization.account_name || holder),
    bank: orNull(isTransfer ? authorization.sender_bank : authorization.bank),
    accountNumber: isTransfer ? orNull(authorization.sender_bank_account_number) : null,
    cardLast4: isTransfer ? null : orNull(authorization.last4),
  };
}

/** @throws GatewayRejectedError when a charge.success event carries no reference */
export function toGatewayEvent(body: PaystackWebhookBody): GatewayEvent {
  const { event, data } = body;
  const identity = data.reference ?? (data.id === null || data.id === undefined ? '' : String(data.id));
  const key = `${event}:${identity}`;
  if (event !== 'charge.success') return { kind: 'ignored', key, event };
  if (!data.reference) throw new GatewayRejectedError('charge.success event without a reference', null);
  return {
    kind: 'charge.success',
    key,
    reference: data.reference,
    channel: data.channel ?? data.authorization?.channel ?? 'unknown',
    customerCode: orNull(data.customer?.customer_code),
    receiverAccountNumber: orNull(data.authorization?.receiver_bank_account_number),
  };
}

export function toDedicatedAccount(data: PaystackDedicatedAccount, customerCode: string): DedicatedAccount {
  return {
    customerCode: data.customer?.customer_code ?? customerCode,
    bankName: data.bank.name,
    accountNumber: data.account_number,
    accountName: data.account_name,
  };
}
