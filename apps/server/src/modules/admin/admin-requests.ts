import type { Executor } from '../../db/client.ts';
import { concernedUserOf, type ApprovalRow } from '../approvals/index.ts';
import type { AuthService } from '../auth/index.ts';

/** What a second admin must approve before it is done to an admin (or, for `admin.invite`, by one). */
export const ADMIN_APPROVAL = {
  invite: 'admin.invite',
  demote: 'admin.demote',
  suspend: 'admin.suspend',
  restore: 'admin.restore',
  delete: 'admin.delete',
  email: 'admin.email',
} as const;

export const NO_LONGER_ADMIN = 'The admin who asked is no longer an admin.';

/** Why a waiting request about (or by) an admin no longer applies, or null. */
export async function adminRequestStaleReason(
  auth: Pick<AuthService, 'accounts' | 'findUserByEmail'>,
  row: ApprovalRow,
  executor: Executor,
): Promise<string | null> {
  const { accounts } = auth;
  if (!(await accounts.activeAdminIds(executor)).includes(row.requestedBy)) return NO_LONGER_ADMIN;
  if (row.kind === ADMIN_APPROVAL.invite) return null;
  const userId = concernedUserOf(row);
  const target = userId ? await accounts.findUser(userId, executor) : null;
  if (!target || target.deletedAt) return 'The account is deleted.';
  switch (row.kind) {
    case ADMIN_APPROVAL.demote:
      return target.role === 'admin' ? null : 'The account is no longer an admin.';
    case ADMIN_APPROVAL.suspend:
      return target.suspendedAt ? 'The account is already suspended.' : null;
    case ADMIN_APPROVAL.restore:
      return target.suspendedAt ? null : 'The account is no longer suspended.';
    case ADMIN_APPROVAL.email: {
      const email = String(row.payload['email']);
      if (target.email === email) return 'The account already uses this email.';
      const holder = await auth.findUserByEmail(email, executor);
      return holder && holder.id !== target.id ? 'Another account now uses this email.' : null;
    }
    default:
      return null;
  }
}

/** What a request about (or by) an admin is about, for the back office. */
export function adminRequestSubject(row: ApprovalRow) {
  if (row.kind === ADMIN_APPROVAL.invite) {
    const email = row.payload['email'];
    return {
      label: typeof email === 'string' ? `Invitation for ${email}` : 'Invitation for anyone with the link',
      href: '/admin/users',
    };
  }
  const userId = concernedUserOf(row);
  const name = row.payload['name'];
  return userId
    ? { label: `Admin ${typeof name === 'string' ? name : 'account'}`, href: `/edit-user/${userId}` }
    : null;
}
