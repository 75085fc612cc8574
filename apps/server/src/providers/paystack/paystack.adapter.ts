import { GatewayRejectedError, type PaymentGateway } from '../../modules/funding/funding.port.ts';
import { createPaystackClient } from './paystack.client.ts';
import { toDedicatedAccount, toGatewayEvent, toGatewayTransaction } from './paystack.mapper.ts';
import { isValidPaystackSignature } from './paystack.signature.ts';
import { paystackWebhookBody } from './paystack.types.ts';

export type PaystackGatewayOptions = {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  timeoutMs?: number;
};

export function createPaystackGateway({
  baseUrl,
  secretKey,
  publicKey,
  timeoutMs,
}: PaystackGatewayOptions): PaymentGateway {
  const client = createPaystackClient({ baseUrl, secretKey, ...(timeoutMs !== undefined && { timeoutMs }) });
  return {
    publicKey,
    async initializeTransaction(input) {
      const data = await client.initializeTransaction({
        email: input.email,
        amount: input.amountKobo,
        reference: input.reference,
        callback_url: input.callbackUrl,
        currency: 'NGN',
        ...(input.metadata && { metadata: input.metadata }),
      });
      return {
        authorizationUrl: data.authorization_url,
        accessCode: data.access_code,
        reference: data.reference,
      };
    },
    async verifyTransaction(reference) {
      const data = await client.verifyTransaction(reference);
      return data ? toGatewayTransaction(data) : null;
    },
    async createDedicatedAccount(input) {
      const customer = await client.createCustomer({
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        ...(input.phone && { phone: input.phone }),
      });
      const account = await client.createDedicatedAccount(customer.customer_code);
      return toDedicatedAccount(account, customer.customer_code);
    },
    async deactivateDedicatedAccount({ customerCode, accountNumber }) {
      const customer = await client.fetchCustomer(customerCode);
      const assigned = [customer?.dedicated_account, ...(customer?.dedicated_accounts ?? [])].filter(
        (account) => account?.account_number === accountNumber && account.active !== false,
      );
      for (const id of new Set(assigned.map((account) => account?.id))) {
        if (id !== undefined) await client.deactivateDedicatedAccount(id);
      }
    },
    isValidWebhookSignature(rawBody, signature) {
      return isValidPaystackSignature(rawBody, signature, secretKey);
    },
    readWebhookEvent(payload) {
      const parsed = paystackWebhookBody.safeParse(payload);
      if (!parsed.success) throw new GatewayRejectedError('The webhook body is not a Paystack event', null);
      return toGatewayEvent(parsed.data);
    },
  };
}
