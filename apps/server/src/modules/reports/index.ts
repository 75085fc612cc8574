export { createReports, type Reports, type ReportsDeps } from './reports.service.ts';
export { registerReportRoutes } from './reports.routes.ts';
