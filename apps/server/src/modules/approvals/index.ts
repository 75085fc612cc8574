export {
  createApprovals,
  type ApprovalFilter,
  approvalMessages,
  concernedUserOf,
  systemActor,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalSubject,
  type ApprovalRow,
  type Approvals,
  type NewApproval,
} from './approvals.service.ts';
export { approvalStatuses, type ApprovalStatus } from './approvals.tables.ts';
export { registerApprovalRoutes, toApprovalViews, type FindPeople } from './approvals.routes.ts';
export { registerApprovalSubscribers } from './subscribers.ts';
