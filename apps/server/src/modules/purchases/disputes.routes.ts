import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDisputesQuery,
  adminDisputesResponse,
  closeDisputeBody,
  disputeBody,
  disputeResponse,
  purchaseDisputeResponse,
} from '@quickvend/shared/api/disputes';
import { actorOf } from '../audit/index.ts';
import { signedInUser } from '../auth/index.ts';
import type { Disputes } from './disputes.service.ts';

const requestParams = z.object({ requestId: z.string().min(1).max(64) });

/** "I didn't get it": the customer's report on their own purchase, and the team's list of them. */
export function registerDisputeRoutes(parent: FastifyInstance, deps: { disputes: Disputes }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { disputes } = deps;

  app.post(
    '/api/v1/purchases/:requestId/dispute',
    {
      config: { access: 'user' },
      schema: { params: requestParams, body: disputeBody, response: { 200: disputeResponse } },
    },
    async (request) => ({
      dispute: await disputes.open(signedInUser(request).id, request.params.requestId, request.body.note),
    }),
  );

  app.get(
    '/api/v1/purchases/:requestId/dispute',
    {
      config: { access: 'user' },
      schema: { params: requestParams, response: { 200: purchaseDisputeResponse } },
    },
    async (request) => ({
      dispute: await disputes.forPurchase(signedInUser(request).id, request.params.requestId),
    }),
  );

  app.get(
    '/api/v1/admin/disputes',
    {
      config: { access: 'admin' },
      schema: { querystring: adminDisputesQuery, response: { 200: adminDisputesResponse } },
    },
    async (request) => ({ disputes: await disputes.list(request.query.status) }),
  );

  app.post(
    '/api/v1/admin/disputes/:id/close',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: closeDisputeBody,
        response: { 200: disputeResponse },
      },
    },
    async (request) => ({
      dispute: await disputes.close(request.params.id, request.body.resolution, actorOf(request)),
    }),
  );
}
