import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvitationResponse,
  adminInvitationsResponse,
  adminUserDetailResponse,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  updateAdminUserBody,
  userActionBody,
  type AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import { createInvitationBody, invitationResponse } from '@quickvend/shared/api/auth';
import { statementQuery, statementResponse } from '@quickvend/shared/api/wallet';
import { actorOf, type Actor } from '../audit/index.ts';
import type { UserAdmin } from './user-admin.service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The back office's users: find, open, edit, suspend, delete, demote; and the invitations that make admins. */
export function registerUserAdminRoutes(parent: FastifyInstance, deps: { users: UserAdmin }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { users } = deps;
  const admin = { access: 'admin' } as const;

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
      schema: { params: idParams, querystring: statementQuery, response: { 200: statementResponse } },
    },
    async (request) => users.statement(request.params.id, request.query),
  );

  app.post(
    '/api/v1/admin/users/:id',
    {
      config: admin,
      schema: { params: idParams, body: updateAdminUserBody, response: { 200: adminUserResponse } },
    },
    async (request) => ({
      user: await users.updateProfile(actorOf(request), request.params.id, request.body),
    }),
  );

  type Act = (actor: Actor, userId: string, reason: string) => Promise<AdminUserProfile>;
  const actions: Record<string, Act> = {
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
        schema: { params: idParams, body: userActionBody, response: { 200: adminUserResponse } },
      },
      async (request) => ({
        user: await act(actorOf(request), request.params.id, request.body.reason),
      }),
    );
  }

  app.get(
    '/api/v1/admin/invitations',
    { config: admin, schema: { response: { 200: adminInvitationsResponse } } },
    async () => ({ invitations: await users.listInvitations() }),
  );

  app.post(
    '/api/v1/admin/invitations',
    { config: admin, schema: { body: createInvitationBody, response: { 201: invitationResponse } } },
    async (request, reply) => {
      const invitation = await users.invite(actorOf(request), request.body.email);
      return reply.status(201).send({ invitation });
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
