import type { FastifyInstance } from 'fastify';
import { CSV_ROW_LIMIT } from '@quickvend/shared/api/admin-purchases';
import { sendCsv } from '../../lib/http/csv.ts';
import type { FundingAdmin } from './funding-admin.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The back office's fundings: every card payment, transfer and manual deposit, searched and exported. */
export function registerFundingAdminRoutes(app: FastifyInstance, deps: { fundings: FundingAdmin }): void {
  route(app, contract.adminFunding.search, async (request) => {
    const { page, pageSize, ...query } = request.query;
    return deps.fundings.search(query, { page, pageSize });
  });

  route(app, contract.adminFunding.csv, async (request, reply) => {
    const { filename, csv } = await deps.fundings.exportCsv(request.query, CSV_ROW_LIMIT);
    return sendCsv(reply, filename, csv);
  });
}
