import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminFundingsFilter,
  adminFundingsQuery,
  adminFundingsResponse,
  CSV_ROW_LIMIT,
  csvText,
} from '@quickvend/shared/api/admin-purchases';
import { sendCsv } from '../../lib/http/csv.ts';
import type { FundingAdmin } from './funding-admin.service.ts';

const admin = { access: 'admin' } as const;

/** The back office's fundings: every card payment, transfer and manual deposit, searched and exported. */
export function registerFundingAdminRoutes(parent: FastifyInstance, deps: { fundings: FundingAdmin }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/admin/fundings',
    { config: admin, schema: { querystring: adminFundingsQuery, response: { 200: adminFundingsResponse } } },
    async (request) => {
      const { page, pageSize, ...query } = request.query;
      return deps.fundings.search(query, { page, pageSize });
    },
  );

  app.get(
    '/api/v1/admin/fundings.csv',
    { config: admin, schema: { querystring: adminFundingsFilter, response: { 200: csvText } } },
    async (request, reply) => {
      const { filename, csv } = await deps.fundings.exportCsv(request.query, CSV_ROW_LIMIT);
      return sendCsv(reply, filename, csv);
    },
  );
}
