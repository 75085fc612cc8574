import type { FastifyInstance } from 'fastify';
import { formatNaira } from '@quickvend/shared/money';
import {
  EMAIL,
  asBody,
  isHttpUrl,
  readKobo,
  readMetadata,
  readText,
  refuse,
} from './paystack-simulator.http.ts';
import { now, randomText, type PaystackSimContext } from './paystack-simulator.state.ts';

const NOT_COMPLETED = 'The transaction was not completed';
const MIN_AMOUNT_KOBO = 5_000;
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

/** `POST /transaction/initialize` and `GET /transaction/verify/:reference`, behind the secret key. */
export function registerTransactionApi(
  api: FastifyInstance,
  { prefix, publicOrigin, state, verifies }: PaystackSimContext,
): void {
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
    const duplicate = () =>
      refuse(reply, 400, 'Duplicate Transaction Reference', {
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    if (givenReference !== undefined && (await state.store.transactionByReference(givenReference))) {
      return duplicate();
    }
    const customer = await state.store.upsertCustomer(email);
    const stamp = now();
    const tx = await state.store.addTransaction({
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
    });
    if (!tx) return duplicate();
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

  api.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const { reference } = request.params;
    verifies.asked.set(reference, (verifies.asked.get(reference) ?? 0) + 1);
    if (verifies.failing.has(reference)) return refuse(reply, 500, 'An error occurred');
    const tx = await state.store.transactionByReference(request.params.reference);
    if (!tx) return refuse(reply, 400, 'Transaction reference not found');
    return { status: true, message: 'Verification successful', data: await state.toWireTransaction(tx) };
  });
}
