import type { FastifyInstance } from 'fastify';
import { EMAIL, asBody, readMetadata, readText, refuse } from './paystack-simulator.http.ts';
import { INTEGRATION_ID, TEST_BANK, now, type PaystackSimContext } from './paystack-simulator.state.ts';

/**
 * `POST /customer`, `GET /customer/:code`, `POST /dedicated_account` and `DELETE /dedicated_account/:id`,
 * behind the secret key.
 */
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
    const customer = await state.store.upsertCustomer(email, {
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
    const customer = await state.store.findCustomer(request.params.code);
    if (!customer) return refuse(reply, 404, 'Customer not found');
    const account = await state.store.accountOf(customer.code);
    const transactions = await state.store.transactionsOf(customer.code);
    return {
      status: true,
      message: 'Customer retrieved',
      data: {
        ...state.toWireCustomer(customer),
        integration: INTEGRATION_ID,
        domain: 'test',
        identified: false,
        identifications: null,
        transactions: await Promise.all(transactions.map((tx) => state.toWireTransaction(tx, customer))),
        dedicated_account: account ? await state.toWireAccount(account) : null,
        createdAt: customer.createdAt,
        updatedAt: customer.updatedAt,
      },
    };
  });

  api.post('/dedicated_account', async (request, reply) => {
    const body = asBody(request.body);
    const customer = await state.store.findCustomer(readText(body, 'customer') ?? '');
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
    const account = await state.store.openAccount(
      customer.code,
      `${productName} / ${customer.firstName} ${customer.lastName}`,
      now(),
    );
    return { status: true, message: 'NUBAN successfully created', data: await state.toWireAccount(account) };
  });

  // a deactivated account is unassigned: its number takes no more transfers and the customer shows none
  api.delete<{ Params: { id: string } }>('/dedicated_account/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const account = Number.isSafeInteger(id) ? await state.store.closeAccount(id) : undefined;
    if (!account) return refuse(reply, 404, 'Dedicated account not found');
    const wire = await state.toWireAccount(account);
    return {
      status: true,
      message: 'Managed Account Successfully Unassigned',
      data: { ...wire, active: false, assignment: { ...wire.assignment, expired: true } },
    };
  });
}
