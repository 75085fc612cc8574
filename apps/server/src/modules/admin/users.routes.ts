import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvitationResponse,
  adminInvitationsResponse,
  adminUserDetailResponse,
  adminUsersQuery,
  adminUsersResponse,
  createInvitationResponse,
  updateAdminUserBody,
  updateAdminUserResponse,
  userActionBody,
  userActionResponse,
} from '@quickvend/shared/api/admin-users';
import { createInvitationBody } from '@quickvend/shared/api/auth';
import { adminStatementResponse, statementQuery } from '@quickvend/shared/api/wallet';
import { toApprovalViews, type ApprovalRow, type Approvals, type FindPeople } from '../approvals/index.ts';
import { actorOf, type Actor } from '../audit/index.ts';
import type { AccountAction, UserActionOutcome, UserAdmin } from './user-admin.service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The back office's users: find, open, edit, suspend, delete, demote; and the invitations that make admins. */
export function registerUserAdminRoutes(
  parent: FastifyInstance,
  deps: { users: UserAdmin; approvals: Pick<Approvals, 'subjectOf'>; findPeople: FindPeople },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { users } = deps;
  const admin = { access: 'admin' } as const;
  const viewOf = async (row: ApprovalRow, viewer: Actor) => {
    const [view] = await toApprovalViews([row], viewer.id ?? '', deps.findPeople, deps.approvals.subjectOf);
    if (!view) throw new Error('approval view missing');
    return view;
  };

  app.get(
    '/api/v1/admin/users',
    { config: admin, schema: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } } },
    async (request) => users.search(request.query),
  );

  app.get(
    '/api/v1/admin/users/:id',
    { config: admin, schema: { params: idParams, response: { 200: adminUserDetailResponse } } },
    async (request) => users.detail(request.params.id),
  );

  app.get(
    '/api/v1/admin/users/:id/statement',
    {
      config: admin,
      schema: { params: idParams, querystring: statementQuery, response: { 200: adminStatementResponse } },
    },
    async (request) => users.statement(request.params.id, request.query),
  );

  app.post(
    '/api/v1/admin/users/:id',
    {
      config: admin,
      schema: { params: idParams, body: updateAdminUserBody, response: { 200: updateAdminUserResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user, emailChange } = await users.updateProfile(actor, request.params.id, request.body);
      return {
        user,
        emailChange:
          emailChange?.status === 'awaiting_approval'
            ? { status: emailChange.status, approval: await viewOf(emailChange.approval, actor) }
            : emailChange,
      };
    },
  );

  type Act = (actor: Actor, userId: string, reason: string) => Promise<UserActionOutcome>;
  const actions: Record<AccountAction, Act> = {
    suspend: (actor, id, reason) => users.suspend(actor, id, reason),
    unsuspend: (actor, id, reason) => users.unsuspend(actor, id, reason),
    delete: (actor, id, reason) => users.remove(actor, id, reason),
    demote: (actor, id, reason) => users.demote(actor, id, reason),
  };
  for (const [name, act] of Object.entries(actions)) {
    app.post(
      `/api/v1/admin/users/:id/${name}`,
      {
        config: admin,
        schema: { params: idParams, body: userActionBody, response: { 200: userActionResponse } },
      },
      async (request) => {
        const actor = actorOf(request);
        const outcome = await act(actor, request.params.id, request.body.reason);
        return outcome.status === 'applied'
          ? outcome
          : { ...outcome, approval: await viewOf(outcome.approval, actor) };
      },
    );
  }

  app.get(
    '/api/v1/admin/invitations',
    { config: admin, schema: { response: { 200: adminInvitationsResponse } } },
    async () => ({ invitations: await users.listInvitations() }),
  );

  app.post(
    '/api/v1/admin/invitations',
    { config: admin, schema: { body: createInvitationBody, response: { 202: createInvitationResponse } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const approval = await users.invite(actor, request.body.email);
      return reply.status(202).send({ status: 'awaiting_approval', approval: await viewOf(approval, actor) });
    },
  );

  app.post(
    '/api/v1/admin/invitations/:id/revoke',
    { config: admin, schema: { params: idParams, response: { 200: adminInvitationResponse } } },
    async (request) => ({
      invitation: await users.revokeInvitation(actorOf(request), request.params.id),
    }),
  );
}
