import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/http/csv.ts';
import { csvFilename, fundingsCsv, profitAndLossCsv, salesCsv, usersCsv } from './reports.csv.ts';
import type { Reports } from './reports.service.ts';
import { nccDailyCsv } from './ncc-daily.csv.ts';
import { nccDailyFilename } from './ncc-daily.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** Each report as JSON for the page, and as CSV for a spreadsheet. */
export function registerReportRoutes(app: FastifyInstance, deps: { reports: Reports }): void {
  const { reports } = deps;

  route(app, contract.adminReports.sales, async (request) =>
    reports.sales(reports.rangeOf(request.query), request.query.groupBy),
  );
  route(app, contract.adminReports.salesCsv, async (request, reply) => {
    const report = await reports.sales(reports.rangeOf(request.query), request.query.groupBy);
    const name = report.groupBy ? `sales-by-${report.groupBy}` : 'sales';
    return sendCsv(reply, csvFilename(name, report), salesCsv(report));
  });

  route(app, contract.adminReports.fundings, async (request) =>
    reports.fundings(reports.rangeOf(request.query)),
  );
  route(app, contract.adminReports.fundingsCsv, async (request, reply) => {
    const report = await reports.fundings(reports.rangeOf(request.query));
    return sendCsv(reply, csvFilename('fundings', report), fundingsCsv(report));
  });

  route(app, contract.adminReports.users, async (request) => reports.users(reports.rangeOf(request.query)));
  route(app, contract.adminReports.usersCsv, async (request, reply) => {
    const report = await reports.users(reports.rangeOf(request.query));
    return sendCsv(reply, csvFilename('new-customers', report), usersCsv(report));
  });

  route(app, contract.adminReports.profitAndLoss, async (request) =>
    reports.profitAndLoss(reports.rangeOf(request.query)),
  );
  route(app, contract.adminReports.profitAndLossCsv, async (request, reply) => {
    const report = await reports.profitAndLoss(reports.rangeOf(request.query));
    return sendCsv(reply, csvFilename('profit-and-loss', report), profitAndLossCsv(report));
  });

  route(app, contract.adminReports.nccDaily, async (request) => reports.nccDaily.report(request.query.date));
  route(app, contract.adminReports.nccDailyCsv, async (request, reply) => {
    const report = await reports.nccDaily.report(request.query.date);
    return sendCsv(reply, nccDailyFilename(report.date), nccDailyCsv(report));
  });
}
