import { z } from 'zod';
import { disputeBody, disputeResponse, purchaseDisputeResponse } from '../api/disputes.ts';
import { defineRoute } from './define.ts';

const requestParams = z.object({ requestId: z.string().min(1).max(64) });

export const disputes = {
  report: defineRoute({
    method: 'POST',
    path: '/api/v1/purchases/:requestId/dispute',
    access: 'user',
    summary: 'Report a purchase as not received',
    params: requestParams,
    body: disputeBody,
    responses: { 200: disputeResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/purchases/:requestId/dispute',
    access: 'user',
    summary: "A purchase's report and the team's answer",
    params: requestParams,
    responses: { 200: purchaseDisputeResponse },
    errors: ['NOT_FOUND'],
  }),
} as const;
