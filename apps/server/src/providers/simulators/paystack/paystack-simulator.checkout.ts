import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatNaira } from '@quickvend/shared/money';
import { paystackLocalFeeKobo } from '../../paystack/paystack.fees.ts';
import { asBody, isHttpUrl, readText, sendHtml, type Body } from './paystack-simulator.http.ts';
import {
  groupDigits,
  renderCheckoutPage,
  renderMessagePage,
  renderPinPage,
  type Notice,
} from './paystack-simulator.pages.ts';
import {
  now,
  randomText,
  type PaystackSimContext,
  type PaystackState,
  type SimCard,
  type SimTransaction,
} from './paystack-simulator.state.ts';

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

// Paystack's signature is the same for every payment made with one card
const signatureOf = (card: SimCard) =>
  `SIG_${createHash('sha256').update(card.number).digest('hex').slice(0, 20)}`;

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
    signature: signatureOf(card),
    account_name: null,
  };
}

function setFailed(tx: SimTransaction, card: SimCard, gatewayResponse: string): void {
  tx.status = 'failed';
  tx.channel = 'card';
  tx.gatewayResponse = gatewayResponse;
  tx.authorization = cardAuthorization(card, false);
  tx.cardAwaitingPin = null;
}

function setPaid(tx: SimTransaction, card: SimCard): void {
  tx.status = 'success';
  tx.channel = 'card';
  tx.gatewayResponse = 'Successful';
  tx.paidAt = now();
  tx.fees = paystackLocalFeeKobo(tx.amount);
  tx.authorization = cardAuthorization(card, true);
  tx.cardAwaitingPin = null;
}

/**
 * Test control: the transaction is paid with the success card or declined, and no webhook is sent (as when
 * Paystack's never arrives). @returns false when there is no such transaction or it was paid already
 */
export async function alterTransaction(
  state: PaystackState,
  reference: string,
  status: 'success' | 'failed',
): Promise<boolean> {
  const tx = await state.store.transactionByReference(reference);
  const card = TEST_CARDS.find((c) => c.outcome === (status === 'success' ? 'success' : 'declined'));
  if (!tx || !card) return false;
  if (status === 'success') setPaid(tx, card);
  else setFailed(tx, card, 'Declined');
  return state.store.saveCheckout(tx);
}

function returnUrl(tx: SimTransaction, cancelled: boolean): string | null {
  if (!tx.callbackUrl) return null;
  const url = new URL(tx.callbackUrl);
  url.searchParams.set('trxref', tx.reference);
  url.searchParams.set('reference', tx.reference);
  if (cancelled) url.searchParams.set('cancelled', 'true');
  return url.toString();
}

const cardAwaitingPin = (tx: SimTransaction) =>
  tx.cardAwaitingPin === null ? undefined : TEST_CARDS.find((c) => c.number === tx.cardAwaitingPin);

function pickCard(body: Body): { typed: string; card: SimCard | undefined } {
  const typed = (readText(body, 'card_number') ?? '').replace(/\s+/g, '');
  const chosen = typed || (readText(body, 'card') ?? '').replace(/\s+/g, '');
  return { typed: chosen, card: TEST_CARDS.find((c) => c.number === chosen) };
}

/** The hosted checkout a customer pays on: card choice, PIN, cancel, driven by the test cards. */
export function registerCheckoutRoutes(
  scope: FastifyInstance,
  { prefix, productName, cssHref, state, webhooks }: PaystackSimContext,
): void {
  /** Pays the transaction with the card and sends the webhook; false when it was paid meanwhile. */
  async function markPaid(tx: SimTransaction, card: SimCard): Promise<boolean> {
    setPaid(tx, card);
    if (!(await state.store.saveCheckout(tx))) return false;
    webhooks.send({ event: 'charge.success', data: await state.toWireTransaction(tx) });
    return true;
  }

  /** The page for a transaction another request paid while this one was being answered. */
  async function sendPaidMeanwhile(reply: FastifyReply, tx: SimTransaction) {
    return sendClosed(reply, (await state.store.transactionByReference(tx.reference)) ?? tx);
  }

  const paths = (tx: SimTransaction) => ({
    pay: `${prefix}/checkout/${tx.accessCode}/pay`,
    pin: `${prefix}/checkout/${tx.accessCode}/pin`,
    cancel: `${prefix}/checkout/${tx.accessCode}/cancel`,
  });

  async function sendCheckout(
    reply: FastifyReply,
    tx: SimTransaction,
    notice?: Notice,
    status = 200,
    card?: string,
  ) {
    const customer = await state.store.findCustomer(tx.customerCode);
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

  async function sendPin(
    reply: FastifyReply,
    tx: SimTransaction,
    card: SimCard,
    notice?: Notice,
    status = 200,
  ) {
    const customer = await state.store.findCustomer(tx.customerCode);
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

  scope.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const tx = await state.store.transactionByAccessCode(request.params.accessCode);
    if (!tx) return sendUnknownCheckout(reply);
    if (tx.status !== 'abandoned') return sendClosed(reply, tx);
    const awaitingPin = cardAwaitingPin(tx);
    if (awaitingPin) return sendPin(reply, tx, awaitingPin);
    return sendCheckout(reply, tx);
  });

  scope.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/pay', async (request, reply) => {
    const tx = await state.store.transactionByAccessCode(request.params.accessCode);
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
    if (card.outcome === 'success') {
      return (await markPaid(tx, card)) ? finishPaid(reply, tx) : sendPaidMeanwhile(reply, tx);
    }
    if (card.outcome === 'pin') tx.cardAwaitingPin = card.number;
    if (card.outcome === 'declined') setFailed(tx, card, 'Declined');
    if (card.outcome === 'token') setFailed(tx, card, TOKEN_ERROR);
    if (!(await state.store.saveCheckout(tx))) return sendPaidMeanwhile(reply, tx);
    switch (card.outcome) {
      case 'pin':
        return sendPin(reply, tx, card);
      case 'declined':
        return sendCheckout(reply, tx, {
          tone: 'error',
          text: 'Declined. Your bank declined this card. Try another card or cancel the payment.',
        });
      case 'token':
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
    const tx = await state.store.transactionByAccessCode(request.params.accessCode);
    if (!tx) return sendUnknownCheckout(reply);
    if (tx.status === 'success') return sendClosed(reply, tx);
    const card = cardAwaitingPin(tx);
    if (!card) return reply.redirect(`${prefix}/checkout/${tx.accessCode}`, 303);
    const pin = readText(asBody(request.body), 'pin') ?? '';
    if (pin !== TEST_PIN) {
      return sendPin(reply, tx, card, { tone: 'error', text: 'Incorrect PIN. Check it and try again.' }, 422);
    }
    return (await markPaid(tx, card)) ? finishPaid(reply, tx) : sendPaidMeanwhile(reply, tx);
  });

  scope.post<{ Params: { accessCode: string } }>('/checkout/:accessCode/cancel', async (request, reply) => {
    const tx = await state.store.transactionByAccessCode(request.params.accessCode);
    if (!tx) return sendUnknownCheckout(reply);
    if (tx.status === 'success') return sendClosed(reply, tx);
    tx.cardAwaitingPin = null;
    if (!(await state.store.saveCheckout(tx))) return sendPaidMeanwhile(reply, tx);
    const metadata = asBody(tx.metadata);
    const cancelAction = typeof metadata.cancel_action === 'string' ? metadata.cancel_action : undefined;
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
  });
}
