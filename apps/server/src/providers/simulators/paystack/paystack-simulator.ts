import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AmountError, formatNaira, kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import { paystackDedicatedAccountFeeKobo, paystackLocalFeeKobo } from '../../paystack/paystack.fees.ts';
import {
  SIMULATOR_CSS,
  groupDigits,
  renderCheckoutPage,
  renderMessagePage,
  renderPinPage,
  renderTransferPage,
  type Notice,
  type TestCard,
} from './paystack-simulator.pages.ts';
import { createWebhookDispatcher } from './paystack-simulator.webhooks.ts';

export type PaystackSimulatorOptions = {
  /** Where the simulator is mounted, e.g. `/sandbox/paystack`; the gateway's base URL is origin + prefix. */
  prefix: string;
  secretKey: string;
  publicKey: string;
  webhookUrl: string;
  productName: string;
  /** Waits before each webhook retry; default [1000, 5000, 30000, 120000]. */
  retryDelaysMs?: number[];
  log?: FastifyBaseLogger;
  /** Origin put in `authorization_url`, e.g. the app URL the browser uses. Default: the request's protocol and host. */
  publicOrigin?: string;
  /** Sends the webhooks; tests may route them elsewhere. Default: the platform fetch. */
  fetchImpl?: typeof fetch;
};

export type PaystackSimulator = {
  /** Resolves once every webhook delivery started so far has succeeded or given up. */
  flush(): Promise<void>;
  /** Webhook POSTs attempted so far, retries included. */
  countDeliveryAttempts(): number;
};

type CardOutcome = 'success' | 'pin' | 'declined' | 'token' | 'timeout' | 'server-error';
type SimCard = TestCard & { outcome: CardOutcome; brand: 'visa' | 'verve' };

// providers.md §2.8
const TEST_CARDS: readonly SimCard[] = [
  { number: '4084084084084081', label: 'Success', outcome: 'success', brand: 'visa' },
  { number: '507850785078507812', label: 'Success after PIN 1111', outcome: 'pin', brand: 'verve' },
  { number: '4084080000005408', label: 'Declined', outcome: 'declined', brand: 'visa' },
  { number: '507850785078507853', label: 'Token not generated', outcome: 'token', brand: 'verve' },
  { number: '5060660000000064', label: 'Timeout', outcome: 'timeout', brand: 'verve' },
  { number: '506066506066506067', label: 'Server error', outcome: 'server-error', brand: 'verve' },
];
const [DEFAULT_CARD] = TEST_CARDS;
const TEST_PIN = '1111';
const TOKEN_ERROR = 'Token Not Generated. Customer Not Registered on Token Platform';
const NOT_COMPLETED = 'The transaction was not completed';
const MIN_AMOUNT_KOBO = 5_000;
const INTEGRATION_ID = 100_032;
const TEST_BANK = { name: 'Test Bank', id: 1, slug: 'test-bank' } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const DIGITS = /^\d+$/;

type SimCustomer = {
  id: number;
  code: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  metadata: unknown;
  createdAt: string;
  updatedAt: string;
};

type SimAccount = {
  id: number;
  accountNumber: string;
  accountName: string;
  customerCode: string;
  createdAt: string;
};

type SimTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  amount: Kobo;
  callbackUrl: string | null;
  metadata: unknown;
  status: 'abandoned' | 'success' | 'failed';
  channel: 'card' | 'dedicated_nuban';
  gatewayResponse: string;
  paidAt: string | null;
  createdAt: string;
  fees: Kobo | null;
  customerCode: string;
  authorization: Record<string, unknown>;
  cardAwaitingPin: SimCard | null;
};

type Body = Record<string, unknown>;

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomText = (length: number, alphabet = ALPHANUMERIC): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)] ?? '').join('');

const asBody = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

function readText(body: Body, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Kobo sent as an integer or a string of digits, as Paystack accepts it. */
function readKobo(body: Body, name: string): Kobo | null {
  const value = body[name];
  const n = typeof value === 'string' && DIGITS.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? kobo(n) : null;
}

function readMetadata(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const refuse = (reply: FastifyReply, status: number, message: string, extra: Body = {}) =>
  reply.status(status).send({ status: false, message, ...extra });

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * Sandbox only: a Paystack stand-in speaking the API of providers.md §2 (initialize, verify, customers,
 * dedicated accounts), with a checkout page driven by the test cards and signed, retried webhooks.
 * State lives in memory and is lost on restart.
 */
export function registerPaystackSimulator(
  app: FastifyInstance,
  options: PaystackSimulatorOptions,
): PaystackSimulator {
  const prefix = options.prefix.replace(/\/+$/, '');
  const { secretKey, productName } = options;
  const publicOrigin = options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin).origin;
  const log = options.log ?? app.log;
  const webhooks = createWebhookDispatcher({
    url: options.webhookUrl,
    secretKey,
    retryDelaysMs: options.retryDelaysMs ?? [1000, 5000, 30_000, 120_000],
    log,
    fetchImpl: options.fetchImpl ?? fetch,
  });

  const transactions = new Map<string, SimTransaction>();
  const accessCodes = new Map<string, SimTransaction>();
  const customers = new Map<string, SimCustomer>();
  const accountsByCustomer = new Map<string, SimAccount>();
  const accountsByNumber = new Map<string, SimAccount>();
  let nextId = 1_000_001;
  const cssHref = `${prefix}/assets/checkout.css`;
  const now = () => new Date().toISOString();

  function findCustomer(key: string): SimCustomer | undefined {
    const byCode = customers.get(key);
    if (byCode) return byCode;
    const lowered = key.toLowerCase();
    return [...customers.values()].find((c) => c.email === lowered || String(c.id) === key);
  }

  function upsertCustomer(
    email: string,
    details: { firstName?: string; lastName?: string; phone?: string; metadata?: unknown } = {},
  ): SimCustomer {
    const existing = findCustomer(email);
    const stamp = now();
    if (existing) {
      existing.firstName = details.firstName ?? existing.firstName;
      existing.lastName = details.lastName ?? existing.lastName;
      existing.phone = details.phone ?? existing.phone;
      if (details.metadata !== undefined) existing.metadata = details.metadata;
      existing.updatedAt = stamp;
      return existing;
    }
    const customer: SimCustomer = {
      id: nextId++,
      code: `CUS_${randomText(15)}`,
      email: email.toLowerCase(),
      firstName: details.firstName ?? null,
      lastName: details.lastName ?? null,
      phone: details.phone ?? null,
      metadata: details.metadata ?? null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    customers.set(customer.code, customer);
    return customer;
  }

  function toWireCustomer(customer: SimCustomer) {
    return {
      id: customer.id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      customer_code: customer.code,
      phone: customer.phone,
      metadata: customer.metadata,
      risk_action: 'default',
      international_format_phone: null,
    };
  }

  function toWireAccount(account: SimAccount) {
    const customer = customers.get(account.customerCode);
    return {
      bank: TEST_BANK,
      account_name: account.accountName,
      account_number: account.accountNumber,
      assigned: true,
      currency: 'NGN',
      metadata: null,
      active: true,
      id: account.id,
      created_at: account.createdAt,
      updated_at: account.createdAt,
      assignment: {
        integration: INTEGRATION_ID,
        assignee_id: customer?.id ?? null,
        assignee_type: 'Customer',
        expired: false,
        account_type: 'PAY-WITH-TRANSFER-RECURRING',
        assigned_at: account.createdAt,
      },
      customer: customer ? toWireCustomer(customer) : null,
    };
  }

  function toWireTransaction(tx: SimTransaction) {
    const customer = customers.get(tx.customerCode);
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount: tx.amount,
      message: null,
      gateway_response: tx.gatewayResponse,
      paid_at: tx.paidAt,
      created_at: tx.createdAt,
      channel: tx.channel,
      currency: 'NGN',
      ip_address: null,
      metadata: tx.metadata,
      log: null,
      fees: tx.fees,
      fees_split: null,
      authorization: tx.authorization,
      customer: customer ? toWireCustomer(customer) : null,
      plan: null,
      split: {},
      order_id: null,
      paidAt: tx.paidAt,
      createdAt: tx.createdAt,
      requested_amount: tx.amount,
      transaction_date: tx.createdAt,
    };
  }

  function cardAuthorization(card: SimCard, reusable: boolean): Record<string, unknown> {
    return {
      authorization_code: `AUTH_${randomText(10)}`,
      bin: card.number.slice(0, 6),
      last4: card.number.slice(-4),
      exp_month: '12',
      exp_year: '2030',
      channel: 'card',
      card_type: card.brand,
      bank: 'TEST BANK',
      country_code: 'NG',
      brand: card.brand,
      reusable,
      signature: `SIG_${randomText(20)}`,
      account_name: null,
    };
  }

  function markPaid(tx: SimTransaction, card: SimCard): void {
    const stamp = now();
    tx.status = 'success';
    tx.channel = 'card';
    tx.gatewayResponse = 'Successful';
    tx.paidAt = stamp;
    tx.fees = paystackLocalFeeKobo(tx.amount);
    tx.authorization = cardAuthorization(card, true);
    tx.cardAwaitingPin = null;
    webhooks.send({ event: 'charge.success', data: toWireTransaction(tx) });
  }

  function markFailed(tx: SimTransaction, card: SimCard, gatewayResponse: string): void {
    tx.status = 'failed';
    tx.channel = 'card';
    tx.gatewayResponse = gatewayResponse;
    tx.authorization = cardAuthorization(card, false);
    tx.cardAwaitingPin = null;
  }

  function returnUrl(tx: SimTransaction, cancelled: boolean): string | null {
    if (!tx.callbackUrl) return null;
    const url = new URL(tx.callbackUrl);
    url.searchParams.set('trxref', tx.reference);
    url.searchParams.set('reference', tx.reference);
    if (cancelled) url.searchParams.set('cancelled', 'true');
    return url.toString();
  }

  const paths = (tx: SimTransaction) => ({
    pay: `${prefix}/checkout/${tx.accessCode}/pay`,
    pin: `${prefix}/checkout/${tx.accessCode}/pin`,
    cancel: `${prefix}/checkout/${tx.accessCode}/cancel`,
  });

  function sendCheckout(
    reply: FastifyReply,
    tx: SimTransaction,
    notice?: Notice,
    status = 200,
    card?: string,
  ) {
    const customer = customers.get(tx.customerCode);
    return sendHtml(
      reply,
      renderCheckoutPage({
        productName,
        cssHref,
        amountText: formatNaira(tx.amount),
        email: customer?.email ?? '',
        payAction: paths(tx).pay,
        cancelAction: paths(tx).cancel,
        cards: TEST_CARDS,
        selectedCard: card ?? DEFAULT_CARD?.number ?? '',
        ...(notice && { notice }),
      }),
      status,
    );
  }

  function sendPin(reply: FastifyReply, tx: SimTransaction, card: SimCard, notice?: Notice, status = 200) {
    const customer = customers.get(tx.customerCode);
    return sendHtml(
      reply,
      renderPinPage({
        productName,
        cssHref,
        amountText: formatNaira(tx.amount),
        email: customer?.email ?? '',
        pinAction: paths(tx).pin,
        cancelAction: paths(tx).cancel,
        cardText: `the card ending ${card.number.slice(-4)}`,
        ...(notice && { notice }),
      }),
      status,
    );
  }

  function sendClosed(reply: FastifyReply, tx: SimTransaction) {
    const back = returnUrl(tx, false);
    const paid = tx.status === 'success';
    return sendHtml(
      reply,
      renderMessagePage({
        productName,
        cssHref,
        heading: paid ? 'Payment successful' : 'Payment failed',
        text: paid
          ? `${formatNaira(tx.amount)} has been paid. This payment cannot be made twice.`
          : `This payment failed: ${tx.gatewayResponse}. Start a new payment from ${productName}.`,
        tone: paid ? 'ok' : 'error',
        ...(back && { link: { href: back, text: `Return to ${productName}` } }),
      }),
    );
  }

  function sendUnknownCheckout(reply: FastifyReply) {
    return sendHtml(
      reply,
      renderMessagePage({
        productName,
        cssHref,
        heading: 'Payment link not found',
        text: 'This checkout link is not valid. Start the payment again.',
        tone: 'error',
      }),
      404,
    );
  }

  function finishPaid(reply: FastifyReply, tx: SimTransaction) {
    const back = returnUrl(tx, false);
    return back ? reply.redirect(back, 303) : sendClosed(reply, tx);
  }

  function pickCard(body: Body): { typed: string; card: SimCard | undefined } {
    const typed = (readText(body, 'card_number') ?? '').replace(/\s+/g, '');
    const chosen = typed || (readText(body, 'card') ?? '').replace(/\s+/g, '');
    return { typed: chosen, card: TEST_CARDS.find((c) => c.number === chosen) };
  }

  function transfer(account: SimAccount, amount: Kobo, senderName: string): SimTransaction {
    const stamp = now();
    const senderAccount = randomText(10, '0123456789');
    const tx: SimTransaction = {
      id: nextId++,
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
    };
    transactions.set(tx.reference, tx);
    accessCodes.set(tx.accessCode, tx);
    webhooks.send({ event: 'charge.success', data: toWireTransaction(tx) });
    return tx;
  }

  void app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          const text = typeof body === 'string' ? body : body.toString('utf8');
          done(null, Object.fromEntries(new URLSearchParams(text)));
        },
      );
      scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) request.log.error({ err: error }, 'paystack simulator failed');
        return refuse(reply, status, status >= 500 ? 'An error occurred' : error.message);
      });
      scope.addHook('onClose', () => {
        webhooks.close();
      });

      scope.get('/assets/checkout.css', (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(SIMULATOR_CSS),
      );

      await scope.register((api, _options, done) => {
        const expected = `Bearer ${secretKey}`;
        api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.headers.authorization !== expected) return refuse(reply, 401, 'Invalid key');
          return undefined;
        });

        api.post('/transaction/initialize', async (request, reply) => {
          const body = asBody(request.body);
          const email = readText(body, 'email') ?? '';
          if (!EMAIL.test(email)) {
            return refuse(reply, 400, 'Invalid Email Address Passed', { type: 'validation_error' });
          }
          const amount = readKobo(body, 'amount');
          if (amount === null) return refuse(reply, 400, 'Invalid Amount Sent', { type: 'validation_error' });
          if (amount < MIN_AMOUNT_KOBO) {
            return refuse(reply, 400, `Amount must be at least ${formatNaira(MIN_AMOUNT_KOBO)}`, {
              type: 'validation_error',
            });
          }
          const currency = readText(body, 'currency');
          if (currency !== undefined && currency !== 'NGN') {
            return refuse(reply, 400, 'Currency not supported by merchant', { type: 'validation_error' });
          }
          const callbackUrl = readText(body, 'callback_url');
          if (callbackUrl !== undefined && !isHttpUrl(callbackUrl)) {
            return refuse(reply, 400, 'Invalid callback_url', { type: 'validation_error' });
          }
          const givenReference = readText(body, 'reference');
          if (givenReference !== undefined && !REFERENCE.test(givenReference)) {
            return refuse(reply, 400, 'Invalid transaction reference: use only -, ., = and alphanumerics', {
              type: 'validation_error',
            });
          }
          if (givenReference !== undefined && transactions.has(givenReference)) {
            return refuse(reply, 400, 'Duplicate Transaction Reference', {
              type: 'validation_error',
              code: 'duplicate_reference',
            });
          }
          const customer = upsertCustomer(email);
          const stamp = now();
          const tx: SimTransaction = {
            id: nextId++,
            reference: givenReference ?? randomText(10),
            accessCode: randomText(15),
            amount,
            callbackUrl: callbackUrl ?? null,
            metadata: readMetadata(body.metadata),
            status: 'abandoned',
            channel: 'card',
            gatewayResponse: NOT_COMPLETED,
            paidAt: null,
            createdAt: stamp,
            fees: null,
            customerCode: customer.code,
            authorization: {},
            cardAwaitingPin: null,
          };
          transactions.set(tx.reference, tx);
          accessCodes.set(tx.accessCode, tx);
          const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
          return {
            status: true,
            message: 'Authorization URL created',
            data: {
              authorization_url: `${origin}${prefix}/checkout/${tx.accessCode}`,
              access_code: tx.accessCode,
              reference: tx.reference,
            },
          };
        });

        api.get<{ Params: { reference: string } }>(
          '/transaction/verify/:reference',
          async (request, reply) => {
            const tx = transactions.get(request.params.reference);
            if (!tx) return refuse(reply, 400, 'Transaction reference not found');
            return { status: true, message: 'Verification successful', data: toWireTransaction(tx) };
          },
        );

        api.post('/customer', async (request, reply) => {
          const body = asBody(request.body);
          const email = readText(body, 'email') ?? '';
          if (!EMAIL.test(email)) {
            return refuse(reply, 400, 'Invalid Email Address Passed', { type: 'validation_error' });
          }
          const firstName = readText(body, 'first_name');
          const lastName = readText(body, 'last_name');
          const phone = readText(body, 'phone');
          const customer = upsertCustomer(email, {
            ...(firstName && { firstName }),
            ...(lastName && { lastName }),
            ...(phone && { phone }),
            ...(body.metadata !== undefined && { metadata: readMetadata(body.metadata) }),
          });
          return {
            status: true,
            message: 'Customer created',
            data: {
              ...toWireCustomer(customer),
              integration: INTEGRATION_ID,
              domain: 'test',
              identified: false,
              identifications: null,
              createdAt: customer.createdAt,
              updatedAt: customer.updatedAt,
            },
          };
        });

        api.get<{ Params: { code: string } }>('/customer/:code', async (request, reply) => {
          const customer = findCustomer(request.params.code);
          if (!customer) return refuse(reply, 404, 'Customer not found');
          const account = accountsByCustomer.get(customer.code);
          return {
            status: true,
            message: 'Customer retrieved',
            data: {
              ...toWireCustomer(customer),
              integration: INTEGRATION_ID,
              domain: 'test',
              identified: false,
              identifications: null,
              transactions: [...transactions.values()]
                .filter((tx) => tx.customerCode === customer.code)
                .map((tx) => toWireTransaction(tx)),
              dedicated_account: account ? toWireAccount(account) : null,
              createdAt: customer.createdAt,
              updatedAt: customer.updatedAt,
            },
          };
        });

        api.post('/dedicated_account', async (request, reply) => {
          const body = asBody(request.body);
          const customer = findCustomer(readText(body, 'customer') ?? '');
          if (!customer) return refuse(reply, 404, 'Customer not found');
          const preferredBank = readText(body, 'preferred_bank') ?? TEST_BANK.slug;
          // test mode offers only test-bank; live slugs fail there
          if (preferredBank !== TEST_BANK.slug) {
            return refuse(reply, 400, 'Dedicated NUBAN is not available for your business', {
              type: 'validation_error',
            });
          }
          if (!customer.firstName || !customer.lastName) {
            return refuse(reply, 400, 'Customer first name and last name are required', {
              type: 'validation_error',
            });
          }
          let account = accountsByCustomer.get(customer.code);
          if (!account) {
            let accountNumber = randomText(10, '0123456789');
            while (accountsByNumber.has(accountNumber)) accountNumber = randomText(10, '0123456789');
            account = {
              id: nextId++,
              accountNumber,
              accountName: `${productName} / ${customer.firstName} ${customer.lastName}`,
              customerCode: customer.code,
              createdAt: now(),
            };
            accountsByCustomer.set(customer.code, account);
            accountsByNumber.set(accountNumber, account);
          }
          return { status: true, message: 'NUBAN successfully created', data: toWireAccount(account) };
        });
        done();
      });

      scope.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
        const tx = accessCodes.get(request.params.accessCode);
        if (!tx) return sendUnknownCheckout(reply);
        if (tx.status !== 'abandoned') return sendClosed(reply, tx);
        if (tx.cardAwaitingPin) return sendPin(reply, tx, tx.cardAwaitingPin);
        return sendCheckout(reply, tx);
      });

      scope.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/pay', async (request, reply) => {
        const tx = accessCodes.get(request.params.accessCode);
        if (!tx) return sendUnknownCheckout(reply);
        if (tx.status === 'success') return sendClosed(reply, tx);
        const { typed, card } = pickCard(asBody(request.body));
        if (!card) {
          const text = typed
            ? `Card not recognised in test mode: ${groupDigits(typed)}. Use one of the test cards.`
            : 'Choose a test card or type a card number.';
          return sendCheckout(reply, tx, { tone: 'error', text }, 422);
        }
        tx.cardAwaitingPin = null;
        switch (card.outcome) {
          case 'success':
            markPaid(tx, card);
            return finishPaid(reply, tx);
          case 'pin':
            tx.cardAwaitingPin = card;
            return sendPin(reply, tx, card);
          case 'declined':
            markFailed(tx, card, 'Declined');
            return sendCheckout(reply, tx, {
              tone: 'error',
              text: 'Declined. Your bank declined this card. Try another card or cancel the payment.',
            });
          case 'token':
            markFailed(tx, card, TOKEN_ERROR);
            return sendCheckout(reply, tx, { tone: 'error', text: `${TOKEN_ERROR}.` });
          case 'timeout':
            return sendCheckout(reply, tx, {
              tone: 'error',
              text: 'The bank did not respond in time. No money was taken. Try again or use another card.',
            });
          case 'server-error':
            return sendCheckout(reply, tx, {
              tone: 'error',
              text: 'The payment gateway had an error. No money was taken. Try again in a moment.',
            });
        }
      });

      scope.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/pin', async (request, reply) => {
        const tx = accessCodes.get(request.params.accessCode);
        if (!tx) return sendUnknownCheckout(reply);
        if (tx.status === 'success') return sendClosed(reply, tx);
        const card = tx.cardAwaitingPin;
        if (!card) return reply.redirect(`${prefix}/checkout/${tx.accessCode}`, 303);
        const pin = readText(asBody(request.body), 'pin') ?? '';
        if (pin !== TEST_PIN) {
          return sendPin(
            reply,
            tx,
            card,
            { tone: 'error', text: 'Incorrect PIN. Check it and try again.' },
            422,
          );
        }
        markPaid(tx, card);
        return finishPaid(reply, tx);
      });

      scope.post<{ Params: { accessCode: string } }>(
        '/checkout/:accessCode/cancel',
        async (request, reply) => {
          const tx = accessCodes.get(request.params.accessCode);
          if (!tx) return sendUnknownCheckout(reply);
          if (tx.status === 'success') return sendClosed(reply, tx);
          tx.cardAwaitingPin = null;
          const metadata = asBody(tx.metadata);
          const cancelAction =
            typeof metadata.cancel_action === 'string' ? metadata.cancel_action : undefined;
          const back = cancelAction && isHttpUrl(cancelAction) ? cancelAction : returnUrl(tx, true);
          if (back) return reply.redirect(back, 303);
          return sendHtml(
            reply,
            renderMessagePage({
              productName,
              cssHref,
              heading: 'Payment cancelled',
              text: 'You cancelled this payment. No money was taken.',
              tone: 'ok',
            }),
          );
        },
      );

      scope.get<{ Querystring: { account_number?: string; sent?: string } }>(
        '/simulate/transfer',
        async (request, reply) => {
          const accountNumber = request.query.account_number ?? '';
          const account = accountsByNumber.get(accountNumber);
          const sent = request.query.sent;
          return sendTransferPage(reply, accountNumber, {
            ...(sent && { notice: { tone: 'ok', text: `Transfer sent. Reference ${sent}.` } }),
            ...(account && { account }),
          });
        },
      );

      scope.post('/simulate/transfer', async (request, reply) => {
        const body = asBody(request.body);
        const isForm = (request.headers['content-type'] ?? '').startsWith(
          'application/x-www-form-urlencoded',
        );
        const accountNumber = readText(body, 'account_number') ?? '';
        const account = accountsByNumber.get(accountNumber);
        const senderName = readText(body, 'sender_name') || 'Test Sender';
        if (!isForm) {
          if (!account) return refuse(reply, 404, 'Dedicated account not found');
          const amount = readKobo(body, 'amount');
          if (amount === null || amount <= 0) {
            return refuse(reply, 400, 'Invalid Amount Sent', { type: 'validation_error' });
          }
          const tx = transfer(account, amount, senderName);
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
        const tx = transfer(account, amount, senderName);
        const query = new URLSearchParams({ account_number: accountNumber, sent: tx.reference });
        return reply.redirect(`${prefix}/simulate/transfer?${query.toString()}`, 303);
      });
    },
    { prefix },
  );

  function sendTransferPage(
    reply: FastifyReply,
    accountNumber: string,
    state: {
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
        amountNaira: state.amountNaira ?? '',
        senderName: state.senderName ?? 'Test Sender',
        ...(state.account && {
          account: {
            name: state.account.accountName,
            bank: TEST_BANK.name,
            number: state.account.accountNumber,
          },
        }),
        ...(state.notice && { notice: state.notice }),
      }),
      state.status,
    );
  }

  return {
    flush: () => webhooks.flush(),
    countDeliveryAttempts: () => webhooks.countAttempts(),
  };
}
