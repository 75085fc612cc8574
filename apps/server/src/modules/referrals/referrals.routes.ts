import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../auth/index.ts';
import type { Referrals } from './referrals.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

export function registerReferralRoutes(app: FastifyInstance, deps: { referrals: Referrals }): void {
  const { referrals } = deps;

  route(app, contract.referrals.overview, (request) => referrals.overview(signedInUser(request).id));

  route(app, contract.referrals.seen, async (request, reply) => {
    await referrals.markRewardsSeen(signedInUser(request).id);
    return reply.status(204).send();
  });
}
