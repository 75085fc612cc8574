import type { FastifyInstance } from 'fastify';
import { type ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { toNairaString } from '@quickvend/shared/money';
import { actorOf } from '../audit/index.ts';
import type { Approvals } from './approvals.service.ts';
import { concernedUserOf, type ApprovalRow, type ApprovalSubject } from './approvals.types.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

type Person = { id: string; name: string; email: string };
export type FindPeople = (ids: readonly string[]) => Promise<Map<string, Person>>;

const customerIdOf = concernedUserOf;

/** Approvals as an admin reads them: people by name, money in naira, whether the reader asked for it. */
export async function toApprovalViews(
  rows: readonly ApprovalRow[],
  viewerId: string,
  findPeople: FindPeople,
  subjectOf: (row: ApprovalRow) => ApprovalSubject | null = () => null,
): Promise<ApprovalRequest[]> {
  const ids = rows.flatMap((row) => [row.requestedBy, row.decidedBy ?? [], customerIdOf(row) ?? []].flat());
  const people = await findPeople(ids);
  const person = (id: string): Person => {
    const found = people.get(id);
    if (found) return { id, name: found.name, email: found.email };
    // the operator at the command line asks under `cli:<login>`
    if (id.startsWith('cli:')) return { id, name: 'Command line', email: id.slice(4) };
    return { id, name: 'Unknown', email: '' };
  };
  return rows.map((row) => {
    const customerId = customerIdOf(row);
    return {
      id: row.id,
      kind: row.kind,
      targetId: row.targetId,
      customer: customerId ? person(customerId) : null,
      subject: subjectOf(row),
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
  app: FastifyInstance,
  deps: { approvals: Approvals; findPeople: FindPeople },
): void {
  const { approvals, findPeople } = deps;
  const viewOne = async (row: ApprovalRow, viewerId: string | null) => {
    const [view] = await toApprovalViews([row], viewerId ?? '', findPeople, approvals.subjectOf);
    if (!view) throw new Error('approval view missing');
    return { approval: view };
  };

  route(app, contract.adminApprovals.list, async (request) => {
    const { status, limit, targetId } = request.query;
    // what no longer applies is closed with its reason before anyone is asked to decide it
    if (status === 'pending') await approvals.closeStale();
    const rows = await approvals.list({
      status: status === 'pending' ? 'pending' : ['approved', 'rejected', 'cancelled', 'closed'],
      limit,
      ...(targetId && { targetId }),
    });
    return {
      approvals: await toApprovalViews(rows, actorOf(request).id ?? '', findPeople, approvals.subjectOf),
    };
  });

  route(app, contract.adminApprovals.approve, async (request) => {
    const actor = actorOf(request);
    const note = request.body.note || undefined;
    return viewOne(await approvals.approve(request.params.id, actor, note), actor.id);
  });

  route(app, contract.adminApprovals.reject, async (request) => {
    const actor = actorOf(request);
    return viewOne(await approvals.reject(request.params.id, actor, request.body.note), actor.id);
  });

  route(app, contract.adminApprovals.cancel, async (request) => {
    const actor = actorOf(request);
    return viewOne(await approvals.cancel(request.params.id, actor), actor.id);
  });
}
