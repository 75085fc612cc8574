import type { FastifyInstance } from 'fastify';
import { EMAIL, asBody, readMetadata, readText, refuse } from './paystack-simulator.http.ts';
import {
  INTEGRATION_ID,
  TEST_BANK,
  now,
  randomText,
  type PaystackSimContext,
} from './paystack-simulator.state.ts';

/** `POST /customer`, `GET /customer/:code` and `POST /dedicated_account`, behind the secret key. */
export function registerAccountApi(api: FastifyInstance, { productName, state }: PaystackSimContext): void {
  api.post('/customer', async (request, reply) => {
    const body = asBody(request.body);
    const email = readText(body, 'email') ?? '';
    if (!EMAIL.test(email)) {
      return refuse(reply, 400, 'Invalid Email Address Passed', { type: 'validation_error' });
    }
    const firstName = readText(body, 'first_name');
    const lastName = readText(body, 'last_name');
    const phone = readText(body, 'phone');
    const customer = state.upsertCustomer(email, {
      ...(firstName && { firstName }),
      ...(lastName && { lastName }),
      ...(phone && { phone }),
      ...(body.metadata !== undefined && { metadata: readMetadata(body.metadata) }),
    });
    return {
      status: true,
      message: 'Customer created',
      data: {
        ...state.toWireCustomer(customer),
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
    const customer = state.findCustomer(request.params.code);
    if (!customer) return refuse(reply, 404, 'Customer not found');
    const account = state.accountsByCustomer.get(customer.code);
    return {
      status: true,
      message: 'Customer retrieved',
      data: {
        ...state.toWireCustomer(customer),
        integration: INTEGRATION_ID,
        domain: 'test',
        identified: false,
        identifications: null,
        transactions: [...state.transactions.values()]
          .filter((tx) => tx.customerCode === customer.code)
          .map((tx) => state.toWireTransaction(tx)),
        dedicated_account: account ? state.toWireAccount(account) : null,
        createdAt: customer.createdAt,
        updatedAt: customer.updatedAt,
      },
    };
  });

  api.post('/dedicated_account', async (request, reply) => {
    const body = asBody(request.body);
    const customer = state.findCustomer(readText(body, 'customer') ?? '');
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
    let account = state.accountsByCustomer.get(customer.code);
    if (!account) {
      let accountNumber = randomText(10, '0123456789');
      while (state.accountsByNumber.has(accountNumber)) accountNumber = randomText(10, '0123456789');
      account = {
        id: state.takeId(),
        accountNumber,
        accountName: `${productName} / ${customer.firstName} ${customer.lastName}`,
        customerCode: customer.code,
        createdAt: now(),
      };
      state.accountsByCustomer.set(customer.code, account);
      state.accountsByNumber.set(accountNumber, account);
    }
    return { status: true, message: 'NUBAN successfully created', data: state.toWireAccount(account) };
  });
}
