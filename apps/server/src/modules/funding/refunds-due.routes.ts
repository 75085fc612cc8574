import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  refundDueResponse,
  refundsDueQuery,
  refundsDueResponse,
  returnRefundDueBody,
} from '@quickvend/shared/api/refunds-due';
import { actorOf } from '../audit/index.ts';
import type { RefundsDue } from './refunds-due.ts';

const admin = { access: 'admin' } as const;

/** Money that reached closed accounts: listed with who paid it, and marked as sent back by two admins. */
export function registerRefundsDueRoutes(parent: FastifyInstance, deps: { refundsDue: RefundsDue }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/admin/refunds-due',
    { config: admin, schema: { querystring: refundsDueQuery, response: { 200: refundsDueResponse } } },
    async (request) => ({ refundsDue: await deps.refundsDue.list(request.query.status) }),
  );

  app.post(
    '/api/v1/admin/refunds-due/:id/return',
    {
      config: admin,
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: returnRefundDueBody,
        response: { 202: refundDueResponse },
      },
    },
    async (request, reply) => {
      const refundDue = await deps.refundsDue.askToReturn(
        request.params.id,
        request.body.note,
        actorOf(request),
      );
      return reply.status(202).send({ refundDue });
    },
  );
}
