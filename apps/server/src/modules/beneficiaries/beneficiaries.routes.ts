import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  beneficiariesResponse,
  beneficiaryParams,
  beneficiaryResponse,
  listBeneficiariesQuery,
  saveBeneficiaryBody,
  updateBeneficiaryBody,
} from '@quickvend/shared/api/beneficiaries';
import { signedInUser } from '../auth/index.ts';
import type { Beneficiaries } from './beneficiaries.service.ts';

/** The signed-in customer's saved numbers; a partner key reaches none of them. */
export function registerBeneficiaryRoutes(
  parent: FastifyInstance,
  deps: { beneficiaries: Beneficiaries },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { beneficiaries } = deps;

  app.get(
    '/api/v1/beneficiaries',
    {
      config: { access: 'user' },
      schema: { querystring: listBeneficiariesQuery, response: { 200: beneficiariesResponse } },
    },
    async (request) => ({
      beneficiaries: await beneficiaries.list(signedInUser(request).id, request.query.kind),
      limit: beneficiaries.limit,
    }),
  );

  app.post(
    '/api/v1/beneficiaries',
    {
      config: { access: 'user' },
      schema: {
        body: saveBeneficiaryBody,
        response: { 200: beneficiaryResponse, 201: beneficiaryResponse },
      },
    },
    async (request, reply) => {
      const { beneficiary, isNew } = await beneficiaries.save(signedInUser(request).id, request.body);
      return reply.status(isNew ? 201 : 200).send({ beneficiary });
    },
  );

  app.put(
    '/api/v1/beneficiaries/:id',
    {
      config: { access: 'user' },
      schema: {
        params: beneficiaryParams,
        body: updateBeneficiaryBody,
        response: { 200: beneficiaryResponse },
      },
    },
    async (request) => ({
      beneficiary: await beneficiaries.update(signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/beneficiaries/:id',
    {
      config: { access: 'user' },
      schema: { params: beneficiaryParams, response: { 200: beneficiaryResponse } },
    },
    async (request) => ({
      beneficiary: await beneficiaries.remove(signedInUser(request).id, request.params.id),
    }),
  );
}
