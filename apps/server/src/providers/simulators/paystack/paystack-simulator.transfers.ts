import type { FastifyInstance, FastifyReply } from 'fastify';
import { AmountError, parseNaira, type Kobo } from '@quickvend/shared/money';
import { paystackDedicatedAccountFeeKobo } from '../../paystack/paystack.fees.ts';
import { asBody, readKobo, readText, refuse, sendHtml } from './paystack-simulator.http.ts';
import { renderTransferPage, type Notice } from './paystack-simulator.pages.ts';
import {
  TEST_BANK,
  now,
  randomText,
  type PaystackSimContext,
  type SimAccount,
  type SimTransaction,
} from './paystack-simulator.state.ts';

/**
 * Sandbox control, no key: a bank transfer into a dedicated account, from a form or as JSON, which
 * Paystack reports as a `dedicated_nuban` charge.
 */
export function registerTransferRoutes(
  scope: FastifyInstance,
  { prefix, productName, cssHref, state, webhooks }: PaystackSimContext,
): void {
  async function transfer(
    account: SimAccount,
    amount: Kobo,
    senderName: string,
    senderAccount = randomText(10, '0123456789'),
  ): Promise<SimTransaction> {
    const stamp = now();
    const tx = await state.store.addTransaction({
      reference: randomText(10),
      accessCode: randomText(15),
      amount,
      callbackUrl: null,
      metadata: { receiver_account_number: account.accountNumber, receiver_bank: TEST_BANK.name },
      status: 'success',
      channel: 'dedicated_nuban',
      gatewayResponse: 'Approved',
      paidAt: stamp,
      createdAt: stamp,
      fees: paystackDedicatedAccountFeeKobo(amount),
      customerCode: account.customerCode,
      authorization: {
        authorization_code: `AUTH_${randomText(10)}`,
        bin: 'XXXXXX',
        last4: 'XXXX',
        exp_month: '12',
        exp_year: '9999',
        channel: 'dedicated_nuban',
        card_type: 'transfer',
        bank: TEST_BANK.name,
        country_code: 'NG',
        brand: 'Managed Account',
        reusable: false,
        signature: null,
        account_name: null,
        sender_country: 'NG',
        sender_bank: TEST_BANK.name,
        sender_bank_account_number: senderAccount,
        sender_name: senderName,
        narration: `NIP: ${senderName.toUpperCase()}-${senderAccount}`,
        receiver_bank_account_number: account.accountNumber,
        receiver_bank: TEST_BANK.name,
      },
      cardAwaitingPin: null,
    });
    if (!tx) throw new Error('a new transfer reference was taken');
    webhooks.send({ event: 'charge.success', data: await state.toWireTransaction(tx) });
    return tx;
  }

  function sendTransferPage(
    reply: FastifyReply,
    accountNumber: string,
    view: {
      account?: SimAccount;
      amountNaira?: string;
      senderName?: string;
      notice?: Notice;
      status?: number;
    },
  ) {
    return sendHtml(
      reply,
      renderTransferPage({
        productName,
        cssHref,
        action: `${prefix}/simulate/transfer`,
        accountNumber,
        amountNaira: view.amountNaira ?? '',
        senderName: view.senderName ?? 'Test Sender',
        ...(view.account && {
          account: {
            name: view.account.accountName,
            bank: TEST_BANK.name,
            number: view.account.accountNumber,
          },
        }),
        ...(view.notice && { notice: view.notice }),
      }),
      view.status,
    );
  }

  scope.get<{ Querystring: { account_number?: string; sent?: string } }>(
    '/simulate/transfer',
    async (request, reply) => {
      const accountNumber = request.query.account_number ?? '';
      const account = await state.store.accountByNumber(accountNumber);
      const sent = request.query.sent;
      return sendTransferPage(reply, accountNumber, {
        ...(sent && { notice: { tone: 'ok', text: `Transfer sent. Reference ${sent}.` } }),
        ...(account && { account }),
      });
    },
  );

  scope.post('/simulate/transfer', async (request, reply) => {
    const body = asBody(request.body);
    const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const accountNumber = readText(body, 'account_number') ?? '';
    const account = await state.store.accountByNumber(accountNumber);
    const senderName = readText(body, 'sender_name') || 'Test Sender';
    if (!isForm) {
      if (!account) return refuse(reply, 404, 'Dedicated account not found');
      const amount = readKobo(body, 'amount');
      if (amount === null || amount <= 0) {
        return refuse(reply, 400, 'Invalid Amount Sent', { type: 'validation_error' });
      }
      // a test may send from a chosen account, as one person paying two accounts would
      const senderAccount = readText(body, 'sender_account_number') || undefined;
      if (senderAccount !== undefined && !/^\d{10}$/.test(senderAccount)) {
        return refuse(reply, 400, 'Invalid sender account number', { type: 'validation_error' });
      }
      const tx = await transfer(account, amount, senderName, senderAccount);
      return { status: true, message: 'Transfer simulated', data: { reference: tx.reference } };
    }
    const amountNaira = readText(body, 'amount_naira') ?? '';
    const formState = { amountNaira, senderName, ...(account && { account }) };
    if (!account) {
      return sendTransferPage(reply, accountNumber, {
        ...formState,
        notice: { tone: 'error', text: 'Dedicated account not found' },
        status: 404,
      });
    }
    let amount: Kobo;
    try {
      amount = parseNaira(amountNaira);
    } catch (error) {
      const text = error instanceof AmountError ? error.message : 'Enter the amount in naira.';
      return sendTransferPage(reply, accountNumber, {
        ...formState,
        notice: { tone: 'error', text },
        status: 400,
      });
    }
    if (amount <= 0) {
      const text = 'Enter an amount above ₦0.00.';
      return sendTransferPage(reply, accountNumber, {
        ...formState,
        notice: { tone: 'error', text },
        status: 400,
      });
    }
    const tx = await transfer(account, amount, senderName);
    const query = new URLSearchParams({ account_number: accountNumber, sent: tx.reference });
    return reply.redirect(`${prefix}/simulate/transfer?${query.toString()}`, 303);
  });
}
