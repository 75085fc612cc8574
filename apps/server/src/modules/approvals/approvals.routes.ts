import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalResponse,
  approvalsQuery,
  approvalsResponse,
  approveBody,
  rejectBody,
  type ApprovalRequest,
} from '@quickvend/shared/api/admin-money';
import { toNairaString } from '@quickvend/shared/money';
import { actorOf } from '../audit/index.ts';
import type { ApprovalRow, Approvals } from './approvals.service.ts';

type Person = { id: string; name: string; email: string };
export type FindPeople = (ids: readonly string[]) => Promise<Map<string, Person>>;

/** The customer an approval concerns: payloads name them as `userId`. */
const customerIdOf = (row: ApprovalRow) =>
  typeof row.payload['userId'] === 'string' ? row.payload['userId'] : null;

/** Approvals as an admin reads them: people by name, money in naira, whether the reader asked for it. */
export async function toApprovalViews(
  rows: readonly ApprovalRow[],
  viewerId: string,
  findPeople: FindPeople,
): Promise<ApprovalRequest[]> {
  const ids = rows.flatMap((row) => [row.requestedBy, row.decidedBy ?? [], customerIdOf(row) ?? []].flat());
  const people = await findPeople(ids);
  const person = (id: string): Person => {
    const found = people.get(id);
    return found ? { id, name: found.name, email: found.email } : { id, name: 'Unknown', email: '' };
  };
  return rows.map((row) => {
    const customerId = customerIdOf(row);
    return {
      id: row.id,
      kind: row.kind,
      targetId: row.targetId,
      customer: customerId ? person(customerId) : null,
      amountKobo: row.amountKobo,
      amount: row.amountKobo === null ? null : toNairaString(row.amountKobo),
      payload: row.payload,
      reason: row.reason,
      status: row.status,
      requestedBy: person(row.requestedBy),
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy ? person(row.decidedBy) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      result: row.result,
      isMine: row.requestedBy === viewerId,
    };
  });
}

export function registerApprovalRoutes(
  parent: FastifyInstance,
  deps: { approvals: Approvals; findPeople: FindPeople },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { approvals, findPeople } = deps;
  const idParams = z.object({ id: z.string().min(1).max(64) });
  const viewOne = async (row: ApprovalRow, viewerId: string | null) => {
    const [view] = await toApprovalViews([row], viewerId ?? '', findPeople);
    if (!view) throw new Error('approval view missing');
    return { approval: view };
  };

  app.get(
    '/api/v1/admin/approvals',
    {
      config: { access: 'admin' },
      schema: {
        querystring: approvalsQuery,
        response: { 200: approvalsResponse },
      },
    },
    async (request) => {
      const { status, limit, targetId } = request.query;
      const rows = await approvals.list({
        status: status === 'pending' ? 'pending' : ['approved', 'rejected', 'cancelled'],
        limit,
        ...(targetId && { targetId }),
      });
      return { approvals: await toApprovalViews(rows, actorOf(request).id ?? '', findPeople) };
    },
  );

  app.post(
    '/api/v1/admin/approvals/:id/approve',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: approveBody, response: { 200: approvalResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      const note = request.body.note || undefined;
      return viewOne(await approvals.approve(request.params.id, actor, note), actor.id);
    },
  );

  app.post(
    '/api/v1/admin/approvals/:id/reject',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: rejectBody, response: { 200: approvalResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      return viewOne(await approvals.reject(request.params.id, actor, request.body.note), actor.id);
    },
  );

  app.post(
    '/api/v1/admin/approvals/:id/cancel',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: approvalResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return viewOne(await approvals.cancel(request.params.id, actor), actor.id);
    },
  );
}
