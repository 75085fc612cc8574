import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { asStore } from '../memory.ts';
import {
  randomText,
  type SimAccount,
  type SimCustomer,
  type SimTransaction,
} from './paystack-simulator.records.ts';
import {
  sandboxPaystackAccounts,
  sandboxPaystackCustomers,
  sandboxPaystackTransactions,
} from './paystack-simulator.tables.ts';

export type CustomerDetails = { firstName?: string; lastName?: string; phone?: string; metadata?: unknown };

/**
 * Where a simulator keeps its customers, their dedicated accounts and their transactions. Each call is
 * atomic on its own, so several simulators sharing one store (processes on one database) agree on them.
 */
export type PaystackStore = {
  /** The customer with this email, made now unless there is one; given details replace theirs. */
  upsertCustomer(email: string, details?: CustomerDetails): Promise<SimCustomer>;
  /** By customer code, email or id. */
  findCustomer(key: string): Promise<SimCustomer | undefined>;
  accountOf(customerCode: string): Promise<SimAccount | undefined>;
  accountByNumber(accountNumber: string): Promise<SimAccount | undefined>;
  /** Unassigns the account (Paystack's deactivate): it takes no more transfers. @returns it, if it was open */
  closeAccount(id: number): Promise<SimAccount | undefined>;
  /** The customer's dedicated account, opened now under `accountName` unless they have one. */
  openAccount(customerCode: string, accountName: string, createdAt: string): Promise<SimAccount>;
  /** Stores a new transaction; undefined when its reference is taken. */
  addTransaction(draft: Omit<SimTransaction, 'id'>): Promise<SimTransaction | undefined>;
  transactionByReference(reference: string): Promise<SimTransaction | undefined>;
  transactionByAccessCode(accessCode: string): Promise<SimTransaction | undefined>;
  transactionsOf(customerCode: string): Promise<SimTransaction[]>;
  /** Saves a checkout step (status, card, PIN asked); false when the transaction was paid meanwhile. */
  saveCheckout(tx: SimTransaction): Promise<boolean>;
};

const newAccountNumber = () => randomText(10, '0123456789');
const newCustomerCode = () => `CUS_${randomText(15)}`;

/** One process's memory: a standalone simulator. Reads hand out copies, as a database would. */
export function createMemoryPaystackStore(): PaystackStore {
  const transactions = new Map<string, SimTransaction>();
  const referenceByAccessCode = new Map<string, string>();
  const customers = new Map<string, SimCustomer>();
  const accountsByCustomer = new Map<string, SimAccount>();
  const accountsByNumber = new Map<string, SimAccount>();
  let nextId = 1_000_001;

  const copy = <T extends object>(value: T | undefined): T | undefined => value && { ...value };

  function findCustomer(key: string): SimCustomer | undefined {
    const byCode = customers.get(key);
    if (byCode) return byCode;
    const lowered = key.toLowerCase();
    return [...customers.values()].find((c) => c.email === lowered || String(c.id) === key);
  }

  return asStore<PaystackStore>({
    upsertCustomer(email, details = {}) {
      const existing = findCustomer(email.toLowerCase());
      const stamp = new Date().toISOString();
      if (existing) {
        existing.firstName = details.firstName ?? existing.firstName;
        existing.lastName = details.lastName ?? existing.lastName;
        existing.phone = details.phone ?? existing.phone;
        if (details.metadata !== undefined) existing.metadata = details.metadata;
        existing.updatedAt = stamp;
        return { ...existing };
      }
      const customer: SimCustomer = {
        id: nextId++,
        code: newCustomerCode(),
        email: email.toLowerCase(),
        firstName: details.firstName ?? null,
        lastName: details.lastName ?? null,
        phone: details.phone ?? null,
        metadata: details.metadata ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      customers.set(customer.code, customer);
      return { ...customer };
    },
    findCustomer: (key) => copy(findCustomer(key)),
    accountOf: (customerCode) => copy(accountsByCustomer.get(customerCode)),
    accountByNumber: (accountNumber) => copy(accountsByNumber.get(accountNumber)),
    closeAccount(id) {
      const account = [...accountsByNumber.values()].find((open) => open.id === id);
      if (!account) return undefined;
      accountsByNumber.delete(account.accountNumber);
      accountsByCustomer.delete(account.customerCode);
      return { ...account };
    },
    openAccount(customerCode, accountName, createdAt) {
      let account = accountsByCustomer.get(customerCode);
      if (!account) {
        let accountNumber = newAccountNumber();
        while (accountsByNumber.has(accountNumber)) accountNumber = newAccountNumber();
        account = { id: nextId++, accountNumber, accountName, customerCode, createdAt };
        accountsByCustomer.set(customerCode, account);
        accountsByNumber.set(accountNumber, account);
      }
      return { ...account };
    },
    addTransaction(draft) {
      if (transactions.has(draft.reference) || referenceByAccessCode.has(draft.accessCode)) return undefined;
      const tx: SimTransaction = { id: nextId++, ...draft };
      transactions.set(tx.reference, tx);
      referenceByAccessCode.set(tx.accessCode, tx.reference);
      return { ...tx };
    },
    transactionByReference: (reference) => copy(transactions.get(reference)),
    transactionByAccessCode: (accessCode) =>
      copy(transactions.get(referenceByAccessCode.get(accessCode) ?? '')),
    transactionsOf: (customerCode) =>
      [...transactions.values()].filter((tx) => tx.customerCode === customerCode).map((tx) => ({ ...tx })),
    saveCheckout(tx) {
      const stored = transactions.get(tx.reference);
      if (!stored || stored.status === 'success') return false;
      Object.assign(stored, tx);
      return true;
    },
  });
}

const iso = (date: Date) => date.toISOString();

/** The tables every server process on this database shares (sandbox mode in the app). */
export function createDatabasePaystackStore(db: Database): PaystackStore {
  const customers = sandboxPaystackCustomers;
  const accounts = sandboxPaystackAccounts;
  const transactions = sandboxPaystackTransactions;

  const toCustomer = (row: typeof customers.$inferSelect): SimCustomer => ({
    id: row.id,
    code: row.code,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    metadata: row.metadata,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });
  const toAccount = (row: typeof accounts.$inferSelect): SimAccount => ({
    id: row.id,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    customerCode: row.customerCode,
    createdAt: iso(row.createdAt),
  });
  const toTransaction = (row: typeof transactions.$inferSelect): SimTransaction => ({
    id: row.id,
    reference: row.reference,
    accessCode: row.accessCode,
    amount: row.amountKobo,
    callbackUrl: row.callbackUrl,
    metadata: row.metadata,
    status: row.status,
    channel: row.channel,
    gatewayResponse: row.gatewayResponse,
    paidAt: row.paidAt && iso(row.paidAt),
    createdAt: iso(row.createdAt),
    fees: row.feesKobo,
    customerCode: row.customerCode,
    authorization: row.authorization,
    cardAwaitingPin: row.cardAwaitingPin,
  });
  const checkoutColumns = (tx: SimTransaction) => ({
    status: tx.status,
    channel: tx.channel,
    gatewayResponse: tx.gatewayResponse,
    paidAt: tx.paidAt === null ? null : new Date(tx.paidAt),
    feesKobo: tx.fees,
    authorization: tx.authorization,
    cardAwaitingPin: tx.cardAwaitingPin,
  });

  async function accountOf(customerCode: string) {
    const [row] = await db.select().from(accounts).where(eq(accounts.customerCode, customerCode));
    return row && toAccount(row);
  }

  return {
    async upsertCustomer(email, details = {}) {
      const stamp = new Date();
      const [row] = await db
        .insert(customers)
        .values({
          code: newCustomerCode(),
          email: email.toLowerCase(),
          firstName: details.firstName ?? null,
          lastName: details.lastName ?? null,
          phone: details.phone ?? null,
          metadata: details.metadata ?? null,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .onConflictDoUpdate({
          target: customers.email,
          set: {
            firstName: sql`coalesce(excluded.first_name, ${customers.firstName})`,
            lastName: sql`coalesce(excluded.last_name, ${customers.lastName})`,
            phone: sql`coalesce(excluded.phone, ${customers.phone})`,
            metadata: details.metadata === undefined ? sql`${customers.metadata}` : sql`excluded.metadata`,
            updatedAt: stamp,
          },
        })
        .returning();
      if (!row) throw new Error('the customer was not saved');
      return toCustomer(row);
    },
    async findCustomer(key) {
      const lowered = key.toLowerCase();
      const [row] = await db
        .select()
        .from(customers)
        .where(or(eq(customers.code, key), eq(customers.email, lowered), eq(sql`${customers.id}::text`, key)))
        .orderBy(desc(eq(customers.code, key)))
        .limit(1);
      return row && toCustomer(row);
    },
    accountOf,
    async accountByNumber(accountNumber) {
      const [row] = await db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
      return row && toAccount(row);
    },
    async closeAccount(id) {
      const [row] = await db.delete(accounts).where(eq(accounts.id, id)).returning();
      return row && toAccount(row);
    },
    async openAccount(customerCode, accountName, createdAt) {
      for (;;) {
        const [row] = await db
          .insert(accounts)
          .values({
            accountNumber: newAccountNumber(),
            accountName,
            customerCode,
            createdAt: new Date(createdAt),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return toAccount(row);
        // the customer has one already, or (rarely) the number was taken: then try another
        const existing = await accountOf(customerCode);
        if (existing) return existing;
      }
    },
    async addTransaction(draft) {
      const [row] = await db
        .insert(transactions)
        .values({
          reference: draft.reference,
          accessCode: draft.accessCode,
          amountKobo: draft.amount,
          callbackUrl: draft.callbackUrl,
          metadata: draft.metadata,
          createdAt: new Date(draft.createdAt),
          customerCode: draft.customerCode,
          ...checkoutColumns({ id: 0, ...draft }),
        })
        .onConflictDoNothing()
        .returning();
      return row && toTransaction(row);
    },
    async transactionByReference(reference) {
      const [row] = await db.select().from(transactions).where(eq(transactions.reference, reference));
      return row && toTransaction(row);
    },
    async transactionByAccessCode(accessCode) {
      const [row] = await db.select().from(transactions).where(eq(transactions.accessCode, accessCode));
      return row && toTransaction(row);
    },
    async transactionsOf(customerCode) {
      const rows = await db
        .select()
        .from(transactions)
        .where(eq(transactions.customerCode, customerCode))
        .orderBy(asc(transactions.id));
      return rows.map(toTransaction);
    },
    async saveCheckout(tx) {
      const saved = await db
        .update(transactions)
        .set(checkoutColumns(tx))
        .where(and(eq(transactions.reference, tx.reference), ne(transactions.status, 'success')))
        .returning({ id: transactions.id });
      return saved.length > 0;
    },
  };
}
