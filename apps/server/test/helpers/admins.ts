import { expect } from 'vitest';
import type { ApprovalRequest } from '@quickvend/shared/api/admin-money';
import type { AdminInvitation } from '@quickvend/shared/api/admin-users';
import { signUp, type TestApp, type TestClient } from './app.ts';

export type TestAdmin = { client: TestClient; userId: string; email: string; password: string };

/** An admin as the command line makes one (the first admin comes only from there). */
export async function newAdmin(t: TestApp, name: string): Promise<TestAdmin> {
  const signedUp = await signUp(t.app, { name });
  await t.container.auth.setRole(signedUp.userId, 'admin');
  return signedUp;
}

/** Approves a waiting request as `checker`, expecting it to go through. */
export async function approve(checker: TestClient, approvalId: string): Promise<ApprovalRequest> {
  const response = await checker.post(`/api/v1/admin/approvals/${approvalId}/approve`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ approval: ApprovalRequest }>().approval;
}

/** The token in an invitation link. */
export const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

/** An open invitation link: `maker` asks for it, `checker` approves, and the maker finds it in the list. */
export async function approvedInvitation(
  maker: TestClient,
  checker: TestClient,
  email?: string,
): Promise<AdminInvitation & { url: string; token: string }> {
  const asked = await maker.post('/api/v1/admin/invitations', email ? { email } : {});
  expect(asked.statusCode, asked.body).toBe(202);
  const approved = await approve(checker, asked.json<{ approval: ApprovalRequest }>().approval.id);
  const invitationId = String(approved.result?.['invitationId']);
  const { invitations } = (await maker.get('/api/v1/admin/invitations')).json<{
    invitations: AdminInvitation[];
  }>();
  const invitation = invitations.find((i) => i.id === invitationId);
  if (!invitation?.url) throw new Error(`invitation ${invitationId} has no link to copy`);
  return { ...invitation, url: invitation.url, token: tokenOf(invitation.url) };
}
