import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRegisterBody,
  createInvitationBody,
  forgotPasswordBody,
  invitation,
  meResponse,
  resetPasswordBody,
  signInBody,
  signUpBody,
} from '@quickvend/shared/api/auth';
import type { AuthService } from './auth.service.ts';
import { sendCookies, signedInUser, toHeaders, type Guards } from './auth.guard.ts';

export type AuthRateLimits = { signIn: number; signUp: number; passwordReset: number; windowMs: number };

export function registerAuthRoutes(
  parent: FastifyInstance,
  deps: { auth: AuthService; guards: Guards; rateLimits: AuthRateLimits },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, guards, rateLimits } = deps;
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: rateLimits.windowMs } });

  app.post(
    '/api/v1/auth/sign-up',
    { schema: { body: signUpBody, response: { 201: meResponse } }, config: limit(rateLimits.signUp) },
    async (request, reply) => {
      const { user, setCookie } = await auth.signUp(request.body, toHeaders(request));
      sendCookies(reply, setCookie);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    { schema: { body: signInBody, response: { 200: meResponse } }, config: limit(rateLimits.signIn) },
    async (request, reply) => {
      const { user, setCookie } = await auth.signIn(request.body, toHeaders(request));
      sendCookies(reply, setCookie);
      return { user };
    },
  );

  app.post('/api/v1/auth/sign-out', async (request, reply) => {
    sendCookies(reply, await auth.signOut(toHeaders(request)));
    return reply.status(204).send();
  });

  app.post(
    '/api/v1/auth/forgot-password',
    { schema: { body: forgotPasswordBody }, config: limit(rateLimits.passwordReset) },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    { schema: { body: resetPasswordBody }, config: limit(rateLimits.passwordReset) },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { ok: true };
    },
  );

  app.post(
    '/api/v1/auth/admin-register',
    { schema: { body: adminRegisterBody, response: { 201: meResponse } }, config: limit(rateLimits.signUp) },
    async (request, reply) => {
      const { user, setCookie } = await auth.registerAdmin(request.body, toHeaders(request));
      sendCookies(reply, setCookie);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/v1/me',
    { preHandler: guards.requireUser, schema: { response: { 200: meResponse } } },
    (request) => ({ user: signedInUser(request) }),
  );

  app.post(
    '/api/v1/admin/invitations',
    { preHandler: guards.requireAdmin, schema: { body: createInvitationBody } },
    async (request, reply) => {
      const created = await auth.createInvitation(signedInUser(request).id, request.body.email);
      return reply.status(201).send({ invitation: invitation.parse(created) });
    },
  );

  app.get(
    '/api/v1/admin/invitations/:token',
    { schema: { params: z.object({ token: z.string().min(1).max(200) }) }, config: limit(rateLimits.signIn) },
    async (request) => {
      const open = await auth.findOpenInvitation(request.params.token);
      return { email: open.email };
    },
  );
}
