import { z } from 'zod';
import {
  approvalResponse,
  approvalsQuery,
  approvalsResponse,
  approveBody,
  rejectBody,
} from '../api/admin-money.ts';
import { defineRoute } from './define.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const adminApprovals = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/approvals',
    access: 'admin',
    summary: 'Requests waiting for a second admin, and decided ones',
    query: approvalsQuery,
    responses: { 200: approvalsResponse },
    errors: [],
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/approvals/:id/approve',
    access: 'admin',
    summary: "Approve another admin's request",
    params: idParams,
    body: approveBody,
    responses: { 200: approvalResponse },
    errors: ['CONFLICT', 'FORBIDDEN', 'INSUFFICIENT_FUNDS', 'NOT_FOUND'],
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/approvals/:id/reject',
    access: 'admin',
    summary: "Reject another admin's request",
    params: idParams,
    body: rejectBody,
    responses: { 200: approvalResponse },
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/approvals/:id/cancel',
    access: 'admin',
    summary: 'Withdraw one of your own requests',
    params: idParams,
    responses: { 200: approvalResponse },
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'],
  }),
} as const;
