import { randomInt } from 'node:crypto';
import type { Kobo } from '@quickvend/shared/money';

// What the simulator keeps, in memory or in its tables.

export type SimCustomer = {
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

export type SimAccount = {
  id: number;
  accountNumber: string;
  accountName: string;
  customerCode: string;
  createdAt: string;
};

export type SimTransaction = {
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
  /** the number of the test card whose PIN the checkout is asking for */
  cardAwaitingPin: string | null;
};

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const randomText = (length: number, alphabet = ALPHANUMERIC): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)] ?? '').join('');
