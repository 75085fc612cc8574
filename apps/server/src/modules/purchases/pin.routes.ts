import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { signedInUser, type AuthService } from '../auth/index.ts';
import type { PinService } from './pin.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

export function registerPinRoutes(
  app: FastifyInstance,
  deps: { pins: PinService; auth: Pick<AuthService, 'verifyPassword'>; limiter: RateLimiter },
): void {
  const { pins, limiter } = deps;
  const tenMinutes = (key: string, max: number) => ({ key, max, windowSeconds: 600 });

  route(app, contract.pin.status, async (request) => pins.status(signedInUser(request).id));

  route(app, contract.pin.set, async (request) => {
    const userId = signedInUser(request).id;
    await pins.setPin(userId, request.body.pin, request.body.currentPin);
    return pins.status(userId);
  });

  route(app, contract.pin.requestReset, async (request, reply) => {
    const user = signedInUser(request);
    if (request.body.email.toLowerCase() !== user.email) {
      throw new AppError('VALIDATION_FAILED', 'Enter the email address of your account.', {
        fields: { email: 'Enter the email address of your account.' },
      });
    }
    await limiter.consume([tenMinutes(`pin-change-mail:user:${user.id}`, 5)]);
    await pins.requestChange(user);
    return reply.status(202).send({ ok: true });
  });

  route(app, contract.pin.reset, async (request) => {
    await limiter.countFailures([tenMinutes(`pin-reset:ip:${request.ip}`, 10)], () =>
      pins.resetWithToken(request.body.token, request.body.pin, (userId) =>
        deps.auth.verifyPassword(userId, request.body.password),
      ),
    );
    return { ok: true as const };
  });
}
