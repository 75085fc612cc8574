import type { TestCard } from './paystack-simulator.pages.ts';
import type { SimAccount, SimCustomer, SimTransaction } from './paystack-simulator.records.ts';
import type { PaystackStore } from './paystack-simulator.store.ts';
import type { WebhookDispatcher } from './paystack-simulator.webhooks.ts';

export type CardOutcome = 'success' | 'pin' | 'declined' | 'token' | 'timeout' | 'server-error';
export type SimCard = TestCard & { outcome: CardOutcome; brand: 'visa' | 'verve' };

export const INTEGRATION_ID = 100_032;
export const TEST_BANK = { name: 'Test Bank', id: 1, slug: 'test-bank' } as const;

export {
  randomText,
  type SimAccount,
  type SimCustomer,
  type SimTransaction,
} from './paystack-simulator.records.ts';

export const now = () => new Date().toISOString();

export type PaystackState = ReturnType<typeof createPaystackState>;

/** What the route groups of one simulator share: its mount point, its state, its webhooks. */
export type PaystackSimContext = {
  prefix: string;
  productName: string;
  cssHref: string;
  publicOrigin: string | undefined;
  state: PaystackState;
  webhooks: WebhookDispatcher;
  /** Test controls, this process's only: references whose verify answers 500, and how often each was asked. */
  verifies: { failing: Set<string>; asked: Map<string, number> };
};

export function toWireCustomer(customer: SimCustomer) {
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

/** The simulator's state, kept in `store`, and its records in Paystack's wire shapes. */
export function createPaystackState(store: PaystackStore) {
  async function toWireAccount(account: SimAccount) {
    const customer = await store.findCustomer(account.customerCode);
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

  async function toWireTransaction(tx: SimTransaction, known?: SimCustomer) {
    const customer = known ?? (await store.findCustomer(tx.customerCode));
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

  return { store, toWireCustomer, toWireAccount, toWireTransaction };
}
