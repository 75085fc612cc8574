import { z } from 'zod';
import { approveManualDepositResponse } from '../api/admin-money.ts';
import {
  adminFundingsFilter,
  adminFundingsQuery,
  adminFundingsResponse,
  csvText,
} from '../api/admin-purchases.ts';
import {
  adminManualRequestsQuery,
  adminManualRequestsResponse,
  approveManualFundingBody,
  manualFundingRequestResponse,
  rejectManualFundingBody,
} from '../api/funding.ts';
import {
  refundDueResponse,
  refundsDueQuery,
  refundsDueResponse,
  returnRefundDueBody,
} from '../api/refunds-due.ts';
import { defineRoute } from './define.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const adminFunding = {
  search: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/fundings',
    access: 'admin',
    summary: 'Find wallet fundings',
    query: adminFundingsQuery,
    responses: { 200: adminFundingsResponse },
    errors: [],
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/fundings.csv',
    access: 'admin',
    summary: 'Wallet fundings as CSV',
    query: adminFundingsFilter,
    responses: { 200: csvText },
    errors: [],
    produces: 'text/csv',
  }),
  manualRequests: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/funding/manual',
    access: 'admin',
    summary: 'Bank deposits waiting to be checked',
    query: adminManualRequestsQuery,
    responses: { 200: adminManualRequestsResponse },
    errors: [],
  }),
  approveManual: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/funding/manual/:id/approve',
    access: 'admin',
    summary: 'Credit a bank deposit',
    params: idParams,
    body: approveManualFundingBody,
    responses: { 200: approveManualDepositResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  rejectManual: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/funding/manual/:id/reject',
    access: 'admin',
    summary: 'Refuse a bank deposit',
    params: idParams,
    body: rejectManualFundingBody,
    responses: { 200: manualFundingRequestResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  refundsDue: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/refunds-due',
    access: 'admin',
    summary: 'Money owed back to closed accounts',
    query: refundsDueQuery,
    responses: { 200: refundsDueResponse },
    errors: [],
  }),
  returnRefundDue: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/refunds-due/:id/return',
    access: 'admin',
    summary: 'Record a refund as paid back',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: returnRefundDueBody,
    responses: { 202: refundDueResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
} as const;
