export {
  actorOf,
  cliActor,
  createAuditLog,
  type Actor,
  type AuditFilter,
  type AuditLog,
  type AuditRecord,
} from './audit.service.ts';
export { registerAuditRoutes } from './audit.routes.ts';
