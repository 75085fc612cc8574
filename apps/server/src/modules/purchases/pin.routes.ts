import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '@quickvend/shared/api/common';
import { changePinRequestBody, pinStatusResponse, resetPinBody, setPinBody } from '@quickvend/shared/api/pin';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { signedInUser, type AuthService } from '../auth/index.ts';
import type { PinService } from './pin.service.ts';

export function registerPinRoutes(
  parent: FastifyInstance,
  deps: { pins: PinService; auth: Pick<AuthService, 'verifyPassword'>; limiter: RateLimiter },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { pins, limiter } = deps;
  const tenMinutes = (key: string, max: number) => ({ key, max, windowSeconds: 600 });

  app.get(
    '/api/v1/pin',
    { config: { access: 'user' }, schema: { response: { 200: pinStatusResponse } } },
    async (request) => pins.status(signedInUser(request).id),
  );

  app.post(
    '/api/v1/pin',
    { config: { access: 'user' }, schema: { body: setPinBody, response: { 200: pinStatusResponse } } },
    async (request) => {
      const userId = signedInUser(request).id;
      await pins.setPin(userId, request.body.pin, request.body.currentPin);
      return pins.status(userId);
    },
  );

  app.post(
    '/api/v1/pin/change-request',
    {
      config: { access: 'user' },
      schema: { body: changePinRequestBody, response: { 202: okResponse } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.email.toLowerCase() !== user.email) {
        throw new AppError('VALIDATION_FAILED', 'Enter the email address of your account.', {
          fields: { email: 'Enter the email address of your account.' },
        });
      }
      await limiter.consume([tenMinutes(`pin-change-mail:user:${user.id}`, 5)]);
      await pins.requestChange(user);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/v1/pin/reset',
    { schema: { body: resetPinBody, response: { 200: okResponse } }, config: { access: 'public' } },
    async (request) => {
      await limiter.countFailures([tenMinutes(`pin-reset:ip:${request.ip}`, 10)], () =>
        pins.resetWithToken(request.body.token, request.body.pin, (userId) =>
          deps.auth.verifyPassword(userId, request.body.password),
        ),
      );
      return { ok: true as const };
    },
  );
}
