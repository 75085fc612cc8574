import type { FastifyInstance } from 'fastify';
import { toApprovalViews, type ApprovalRow, type Approvals, type FindPeople } from '../approvals/index.ts';
import { actorOf, type Actor } from '../audit/index.ts';
import type { AccountAction, UserActionOutcome, UserAdmin } from './user-admin.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The back office's users: find, open, edit, suspend, delete, demote; and the invitations that make admins. */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  deps: { users: UserAdmin; approvals: Pick<Approvals, 'subjectOf'>; findPeople: FindPeople },
): void {
  const { users } = deps;
  const viewOf = async (row: ApprovalRow, viewer: Actor) => {
    const [view] = await toApprovalViews([row], viewer.id ?? '', deps.findPeople, deps.approvals.subjectOf);
    if (!view) throw new Error('approval view missing');
    return view;
  };

  route(app, contract.adminUsers.list, async (request) => users.search(request.query));

  route(app, contract.adminUsers.get, async (request) => users.detail(request.params.id));

  route(app, contract.adminUsers.statement, async (request) =>
    users.statement(request.params.id, request.query),
  );

  route(app, contract.adminUsers.update, async (request) => {
    const actor = actorOf(request);
    const { user, emailChange } = await users.updateProfile(actor, request.params.id, request.body);
    return {
      user,
      emailChange:
        emailChange?.status === 'awaiting_approval'
          ? { status: emailChange.status, approval: await viewOf(emailChange.approval, actor) }
          : emailChange,
    };
  });

  type Act = (actor: Actor, userId: string, reason: string) => Promise<UserActionOutcome>;
  const actions: Record<AccountAction, Act> = {
    suspend: (actor, id, reason) => users.suspend(actor, id, reason),
    unsuspend: (actor, id, reason) => users.unsuspend(actor, id, reason),
    delete: (actor, id, reason) => users.remove(actor, id, reason),
    demote: (actor, id, reason) => users.demote(actor, id, reason),
  };
  for (const [name, act] of Object.entries(actions) as [AccountAction, Act][]) {
    route(app, contract.adminUsers[name], async (request) => {
      const actor = actorOf(request);
      const outcome = await act(actor, request.params.id, request.body.reason);
      return outcome.status === 'applied'
        ? outcome
        : { ...outcome, approval: await viewOf(outcome.approval, actor) };
    });
  }

  route(app, contract.adminUsers.invitations, async () => ({ invitations: await users.listInvitations() }));

  route(app, contract.adminUsers.invite, async (request, reply) => {
    const actor = actorOf(request);
    const approval = await users.invite(actor, request.body.email);
    return reply.status(202).send({ status: 'awaiting_approval', approval: await viewOf(approval, actor) });
  });

  route(app, contract.adminUsers.revokeInvitation, async (request) => ({
    invitation: await users.revokeInvitation(actorOf(request), request.params.id),
  }));
}
