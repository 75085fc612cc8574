import { z } from 'zod';
import { adminFloatResponse, walletAdjustmentBody, walletAdjustmentResponse } from '../api/admin-money.ts';
import { defineRoute } from './define.ts';

export const adminMoney = {
  adjustWallet: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/users/:id/adjustments',
    access: 'admin',
    summary: "Credit or debit a customer's wallet (above the threshold it waits for a second admin)",
    params: z.object({ id: z.string().min(1).max(64) }),
    body: walletAdjustmentBody,
    responses: { 201: walletAdjustmentResponse },
    errors: ['CONFLICT', 'INSUFFICIENT_FUNDS', 'NOT_FOUND'],
  }),
  float: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/float',
    access: 'admin',
    summary: 'The provider float and what the platform owes customers',
    responses: { 200: adminFloatResponse },
    errors: [],
  }),
} as const;
