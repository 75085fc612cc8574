export { createReports, type Reports, type ReportsDeps } from './reports.service.ts';
export { registerReportRoutes } from './reports.routes.ts';
export {
  createNccDailyReport,
  nccDailyFilename,
  type NccDailyDeps,
  type NccDailyReports,
  type ServiceOutage,
  type ServiceOutages,
} from './ncc-daily.service.ts';
export { MAIL_NCC_DAILY_CRON, MAIL_NCC_DAILY_JOB, registerReportJobs } from './reports.jobs.ts';
