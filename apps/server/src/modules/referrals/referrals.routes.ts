import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referralsResponse } from '@quickvend/shared/api/referrals';
import { signedInUser } from '../auth/index.ts';
import type { Referrals } from './referrals.service.ts';

export function registerReferralRoutes(parent: FastifyInstance, deps: { referrals: Referrals }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { referrals } = deps;

  app.get(
    '/api/v1/referrals',
    { config: { access: 'user' }, schema: { response: { 200: referralsResponse } } },
    (request) => referrals.overview(signedInUser(request).id),
  );

  app.post('/api/v1/referrals/seen', { config: { access: 'user' } }, async (request, reply) => {
    await referrals.markRewardsSeen(signedInUser(request).id);
    return reply.status(204).send();
  });
}
