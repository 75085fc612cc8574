export { createApprovals, type Approvals } from './approvals.service.ts';
export {
  type ApprovalFilter,
  approvalMessages,
  concernedUserOf,
  systemActor,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalSubject,
  type ApprovalRow,
  type NewApproval,
} from './approvals.types.ts';
export { approvalStatuses, type ApprovalStatus } from './approvals.tables.ts';
export { registerApprovalRoutes, toApprovalViews, type FindPeople } from './approvals.routes.ts';
export { registerApprovalSubscribers } from './subscribers.ts';
