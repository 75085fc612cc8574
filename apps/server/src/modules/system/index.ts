export { registerSystemRoutes } from './system.routes.ts';
export { PRUNE_RATE_LIMITS_JOB, registerSystemJobs } from './system.jobs.ts';
