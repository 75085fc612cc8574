import { describe, expect, it } from 'vitest';
import { GatewayRejectedError } from '../../modules/funding/funding.port.ts';
import {
  toDedicatedAccount,
  toGatewayEvent,
  toGatewayStatus,
  toGatewayTransaction,
  toPayer,
  toPayerFingerprint,
} from './paystack.mapper.ts';
import { paystackDedicatedAccount, paystackTransaction, paystackWebhookBody } from './paystack.types.ts';

const cardSuccess = {
  id: 4099260516,
  domain: 'test',
  status: 'success',
  reference: 'fund-01J9',
  amount: 40333,
  currency: 'NGN',
  channel: 'card',
  gateway_response: 'Successful',
  paid_at: '2024-08-22T09:15:02.000Z',
  created_at: '2024-08-22T09:14:24.000Z',
  fees: 10283,
  customer: { id: 181873746, email: 'ada@example.com', customer_code: 'CUS_1rkzaqsv4rrhqo6', phone: null },
  authorization: {
    authorization_code: 'AUTH_uh8bcl3zbn',
    bin: '408408',
    last4: '4081',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    brand: 'visa',
    reusable: true,
    signature: 'SIG_yEXu7dLBeqG0kU7g95Ke',
  },
  metadata: '',
};

const transferSuccess = {
  ...cardSuccess,
  reference: '1jhbs3ozmen0k7y5efmw',
  amount: '500000',
  fees: '300',
  channel: 'dedicated_nuban',
  gateway_response: 'Approved',
  paid_at: null,
  paidAt: '2024-08-22T10:00:00.000Z',
  authorization: {
    authorization_code: 'AUTH_4admvv7uot',
    channel: 'dedicated_nuban',
    card_type: 'transfer',
    bank: null,
    brand: 'Managed Account',
    reusable: false,
    sender_bank: 'Test Bank',
    sender_bank_account_number: 'XXXXXX4199',
    sender_name: 'ADA OBI',
    narration: 'NIP: ADA OBI-1234567890/1234567890',
    receiver_bank_account_number: '9930000001',
    receiver_bank: 'Test Bank',
  },
};

describe('toPayer', () => {
  it('names a card payer by the card holder, else by the customer, with the issuing bank', () => {
    const named = {
      ...cardSuccess,
      authorization: { ...cardSuccess.authorization, account_name: 'ADA N OBI' },
    };
    expect(toPayer(paystackTransaction.parse(named)).name).toBe('ADA N OBI');
    const customer = { ...cardSuccess.customer, first_name: 'Ada', last_name: 'Obi' };
    expect(toPayer(paystackTransaction.parse({ ...cardSuccess, customer }))).toEqual({
      name: 'Ada Obi',
      bank: 'TEST BANK',
      accountNumber: null,
      cardLast4: '4081',
    });
  });
});

describe('toPayerFingerprint', () => {
  const transferFrom = (authorization: Record<string, unknown>) =>
    paystackTransaction.parse({
      ...transferSuccess,
      authorization: { ...transferSuccess.authorization, ...authorization },
    });

  it.each([
    ['a card, by its signature', paystackTransaction.parse(cardSuccess), 'card:SIG_yEXu7dLBeqG0kU7g95Ke'],
    [
      'a card without a signature',
      paystackTransaction.parse({
        ...cardSuccess,
        authorization: { ...cardSuccess.authorization, signature: null },
      }),
      null,
    ],
    [
      'a transfer, by the sender bank and full account number, whatever the case and spacing',
      transferFrom({ sender_bank: ' Kuda  Bank', sender_bank_account_number: '2011234567' }),
      'bank:kuda bank:2011234567',
    ],
    [
      'a transfer with a masked number, with the sender name too',
      transferFrom({ sender_bank_account_number: 'XXXXXX4199', sender_name: 'Ada  Obi' }),
      'bank:test bank:xxxxxx4199:ada obi',
    ],
    ['a transfer with a masked number and no name', transferFrom({ sender_name: null }), null],
    ['a transfer that names no sender account', transferFrom({ sender_bank_account_number: null }), null],
  ])('tells %s', (_name, data, expected) => {
    expect(toPayerFingerprint(data)).toBe(expected);
  });
});

describe('toGatewayTransaction', () => {
  it.each([
    {
      name: 'a paid card charge with numeric amounts',
      wire: cardSuccess,
      expected: {
        reference: 'fund-01J9',
        status: 'success',
        amountKobo: 40333,
        currency: 'NGN',
        channel: 'card',
        feesKobo: 10283,
        paidAt: new Date('2024-08-22T09:15:02.000Z'),
        gatewayResponse: 'Successful',
        customerEmail: 'ada@example.com',
        customerCode: 'CUS_1rkzaqsv4rrhqo6',
        receiverAccountNumber: null,
        senderName: null,
        payer: { name: null, bank: 'TEST BANK', accountNumber: null, cardLast4: '4081' },
        payerFingerprint: 'card:SIG_yEXu7dLBeqG0kU7g95Ke',
      },
    },
    {
      name: 'a dedicated-account transfer with string amounts and paidAt only',
      wire: transferSuccess,
      expected: {
        reference: '1jhbs3ozmen0k7y5efmw',
        status: 'success',
        amountKobo: 500000,
        currency: 'NGN',
        channel: 'dedicated_nuban',
        feesKobo: 300,
        paidAt: new Date('2024-08-22T10:00:00.000Z'),
        gatewayResponse: 'Approved',
        customerEmail: 'ada@example.com',
        customerCode: 'CUS_1rkzaqsv4rrhqo6',
        receiverAccountNumber: '9930000001',
        senderName: 'ADA OBI',
        payer: { name: 'ADA OBI', bank: 'Test Bank', accountNumber: 'XXXXXX4199', cardLast4: null },
        payerFingerprint: 'bank:test bank:xxxxxx4199:ada obi',
      },
    },
    {
      name: 'an abandoned transaction with no optional fields',
      wire: { status: 'abandoned', reference: 'r-1', amount: '5000', currency: 'NGN', authorization: {} },
      expected: {
        reference: 'r-1',
        status: 'abandoned',
        amountKobo: 5000,
        currency: 'NGN',
        channel: 'unknown',
        feesKobo: null,
        paidAt: null,
        gatewayResponse: null,
        customerEmail: null,
        customerCode: null,
        receiverAccountNumber: null,
        senderName: null,
        payer: { name: null, bank: null, accountNumber: null, cardLast4: null },
        payerFingerprint: null,
      },
    },
    {
      name: 'a failed charge with null fees, null customer and an unreadable date',
      wire: {
        status: 'failed',
        reference: 'r-2',
        amount: 7500,
        currency: 'NGN',
        channel: 'card',
        gateway_response: 'Declined',
        paid_at: 'not a date',
        fees: null,
        customer: null,
        authorization: null,
      },
      expected: {
        reference: 'r-2',
        status: 'failed',
        amountKobo: 7500,
        currency: 'NGN',
        channel: 'card',
        feesKobo: null,
        paidAt: null,
        gatewayResponse: 'Declined',
        customerEmail: null,
        customerCode: null,
        receiverAccountNumber: null,
        senderName: null,
        payer: { name: null, bank: null, accountNumber: null, cardLast4: null },
        payerFingerprint: null,
      },
    },
  ])('maps $name', ({ wire, expected }) => {
    expect(toGatewayTransaction(paystackTransaction.parse(wire))).toEqual(expected);
  });

  it.each([
    ['success', 'success'],
    ['failed', 'failed'],
    ['reversed', 'failed'],
    ['abandoned', 'abandoned'],
    ['ongoing', 'pending'],
    ['pending', 'pending'],
    ['processing', 'pending'],
    ['queued', 'pending'],
    ['something-new', 'pending'],
  ] as const)('reads status %s as %s', (wire, expected) => {
    expect(toGatewayStatus(wire)).toBe(expected);
  });

  it.each([
    { name: 'a fractional amount', amount: 100.5 },
    { name: 'a negative amount', amount: -100 },
    { name: 'a decimal string', amount: '100.50' },
    { name: 'a missing amount', amount: undefined },
  ])('refuses $name at the wire boundary', ({ amount }) => {
    const wire = { status: 'success', reference: 'r', amount, currency: 'NGN' };
    expect(paystackTransaction.safeParse(wire).success).toBe(false);
  });
});

describe('toGatewayEvent', () => {
  it.each([
    {
      name: 'a card charge.success',
      body: { event: 'charge.success', data: cardSuccess },
      expected: {
        kind: 'charge.success',
        key: 'charge.success:fund-01J9',
        reference: 'fund-01J9',
        channel: 'card',
        customerCode: 'CUS_1rkzaqsv4rrhqo6',
        receiverAccountNumber: null,
      },
    },
    {
      name: 'a dedicated_nuban charge.success',
      body: { event: 'charge.success', data: transferSuccess },
      expected: {
        kind: 'charge.success',
        key: 'charge.success:1jhbs3ozmen0k7y5efmw',
        reference: '1jhbs3ozmen0k7y5efmw',
        channel: 'dedicated_nuban',
        customerCode: 'CUS_1rkzaqsv4rrhqo6',
        receiverAccountNumber: '9930000001',
      },
    },
    {
      name: 'a transfer.success (keyed by reference)',
      body: { event: 'transfer.success', data: { id: 37272792, reference: 'trf-1', amount: 10000 } },
      expected: { kind: 'ignored', key: 'transfer.success:trf-1', event: 'transfer.success' },
    },
    {
      name: 'an event without a reference (keyed by id)',
      body: { event: 'dedicatedaccount.assign.success', data: { id: 5501, customer: null } },
      expected: {
        kind: 'ignored',
        key: 'dedicatedaccount.assign.success:5501',
        event: 'dedicatedaccount.assign.success',
      },
    },
  ])('maps $name', ({ body, expected }) => {
    expect(toGatewayEvent(paystackWebhookBody.parse(body))).toEqual(expected);
  });

  it('refuses a charge.success without a reference', () => {
    const body = paystackWebhookBody.parse({ event: 'charge.success', data: { id: 1 } });
    expect(() => toGatewayEvent(body)).toThrow(GatewayRejectedError);
  });
});

describe('toDedicatedAccount', () => {
  const wire = {
    bank: { name: 'Test Bank', id: 1, slug: 'test-bank' },
    account_name: 'QuickVend / Ada Obi',
    account_number: '9930000001',
    assigned: true,
    currency: 'NGN',
    customer: { id: 1, customer_code: 'CUS_fromaccount', email: 'ada@example.com' },
  };

  it.each([
    {
      name: 'an account that names its customer',
      wire,
      customerCode: 'CUS_requested',
      expected: 'CUS_fromaccount',
    },
    {
      name: 'an account without a customer object',
      wire: { ...wire, customer: undefined },
      customerCode: 'CUS_requested',
      expected: 'CUS_requested',
    },
  ])('maps $name', ({ wire: data, customerCode, expected }) => {
    expect(toDedicatedAccount(paystackDedicatedAccount.parse(data), customerCode)).toEqual({
      customerCode: expected,
      bankName: 'Test Bank',
      accountNumber: '9930000001',
      accountName: 'QuickVend / Ada Obi',
    });
  });
});
