import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../auth/index.ts';
import type { Beneficiaries } from './beneficiaries.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The signed-in customer's saved numbers; a partner key reaches none of them. */
export function registerBeneficiaryRoutes(
  app: FastifyInstance,
  deps: { beneficiaries: Beneficiaries },
): void {
  const { beneficiaries } = deps;

  route(app, contract.beneficiaries.list, async (request) => ({
    beneficiaries: await beneficiaries.list(signedInUser(request).id, request.query.kind),
    limit: beneficiaries.limit,
  }));

  route(app, contract.beneficiaries.save, async (request, reply) => {
    const { beneficiary, isNew } = await beneficiaries.save(signedInUser(request).id, request.body);
    return reply.status(isNew ? 201 : 200).send({ beneficiary });
  });

  route(app, contract.beneficiaries.update, async (request) => ({
    beneficiary: await beneficiaries.update(signedInUser(request).id, request.params.id, request.body),
  }));

  route(app, contract.beneficiaries.remove, async (request) => ({
    beneficiary: await beneficiaries.remove(signedInUser(request).id, request.params.id),
  }));
}
