import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  csvResponse,
  fundingsReportResponse,
  profitAndLossResponse,
  reportQuery,
  salesReportQuery,
  salesReportResponse,
  usersReportResponse,
} from '@quickvend/shared/api/reports';
import { sendCsv } from '../../lib/http/csv.ts';
import { csvFilename, fundingsCsv, profitAndLossCsv, salesCsv, usersCsv } from './reports.csv.ts';
import type { Reports } from './reports.service.ts';

const admin = { access: 'admin' } as const;

/** Each report as JSON for the page, and as CSV for a spreadsheet. */
export function registerReportRoutes(parent: FastifyInstance, deps: { reports: Reports }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;

  app.get(
    '/api/v1/admin/reports/sales',
    { config: admin, schema: { querystring: salesReportQuery, response: { 200: salesReportResponse } } },
    async (request) => reports.sales(reports.rangeOf(request.query), request.query.groupBy),
  );
  app.get(
    '/api/v1/admin/reports/sales.csv',
    { config: admin, schema: { querystring: salesReportQuery, response: { 200: csvResponse } } },
    async (request, reply) => {
      const report = await reports.sales(reports.rangeOf(request.query), request.query.groupBy);
      const name = report.groupBy ? `sales-by-${report.groupBy}` : 'sales';
      return sendCsv(reply, csvFilename(name, report), salesCsv(report));
    },
  );

  app.get(
    '/api/v1/admin/reports/fundings',
    { config: admin, schema: { querystring: reportQuery, response: { 200: fundingsReportResponse } } },
    async (request) => reports.fundings(reports.rangeOf(request.query)),
  );
  app.get(
    '/api/v1/admin/reports/fundings.csv',
    { config: admin, schema: { querystring: reportQuery, response: { 200: csvResponse } } },
    async (request, reply) => {
      const report = await reports.fundings(reports.rangeOf(request.query));
      return sendCsv(reply, csvFilename('fundings', report), fundingsCsv(report));
    },
  );

  app.get(
    '/api/v1/admin/reports/users',
    { config: admin, schema: { querystring: reportQuery, response: { 200: usersReportResponse } } },
    async (request) => reports.users(reports.rangeOf(request.query)),
  );
  app.get(
    '/api/v1/admin/reports/users.csv',
    { config: admin, schema: { querystring: reportQuery, response: { 200: csvResponse } } },
    async (request, reply) => {
      const report = await reports.users(reports.rangeOf(request.query));
      return sendCsv(reply, csvFilename('new-customers', report), usersCsv(report));
    },
  );

  app.get(
    '/api/v1/admin/reports/profit-and-loss',
    { config: admin, schema: { querystring: reportQuery, response: { 200: profitAndLossResponse } } },
    async (request) => reports.profitAndLoss(reports.rangeOf(request.query)),
  );
  app.get(
    '/api/v1/admin/reports/profit-and-loss.csv',
    { config: admin, schema: { querystring: reportQuery, response: { 200: csvResponse } } },
    async (request, reply) => {
      const report = await reports.profitAndLoss(reports.rangeOf(request.query));
      return sendCsv(reply, csvFilename('profit-and-loss', report), profitAndLossCsv(report));
    },
  );
}
