import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { emailAddress } from './common.ts';
import { messages } from '../messages.ts';
import { normalisePhone } from '../phone.ts';
import { approvalRequest } from './admin-money.ts';
import { apiKey } from './api-keys.ts';
import { role } from './auth.ts';
import { manualFundingRequest, payment } from './funding.ts';
import { purchase } from './purchases.ts';
import { adminStatementResponse, walletBreakdown } from './wallet.ts';

/** What the back office says about accounts, in the product's plain words. */
export const userAdminMessages = {
  suspended: 'This account has been suspended. Please contact support.',
  reasonRequired: 'Give a reason: it is kept in the audit log.',
  nameRequired: 'Enter a name.',
  nameTooLong: 'Name is too long.',
  emailTaken: 'An account with this email already exists.',
  notYourself: 'You cannot do this to your own account. Ask another admin.',
  lastAdmin: 'This is the last admin: invite another admin before removing this one.',
  deletedAccount: 'This account has been deleted.',
  notSuspended: 'This account is not suspended.',
  alreadySuspended: 'This account is already suspended.',
  notAdmin: 'This user is not an admin.',
  balanceNotZero: (naira: string) =>
    `This wallet still holds ${naira}. Settle it first with a refund or an adjustment, then delete the account.`,
  /** why the account cannot be deleted yet: something could still move money into or out of the wallet */
  deleteWhile: {
    purchase:
      'A purchase on this account is still being confirmed. Wait until it is delivered or refunded, then delete the account.',
    payment:
      'A card payment or bank transfer into this wallet is still being confirmed (started within the last hour). Wait until it is credited or lapses, then delete the account.',
    deposit:
      'A manual deposit for this account is waiting for a decision. Approve or reject it first, then delete the account.',
    approval:
      'A request about this account is waiting for a second admin. Have it decided first, then delete the account.',
  },
  userNotFound: 'We could not find that user.',
  invitationNotFound: 'We could not find that invitation.',
  invitationClosed: 'This invitation has already been used, revoked or has expired.',
  invitationLimit: (most: number) =>
    `You already have ${String(most)} admin invitations open or waiting for a second admin. Revoke one, or wait until one is used or expires, before asking for another.`,
  approverNotAdmin: 'You are no longer an active admin, so you cannot approve this.',
  becameAdmin:
    'This account has just become an admin: ask again, and a second admin will be asked to approve.',
  changeWaiting:
    'A request like this about this admin is already waiting for a second admin: decide or withdraw it on the Approvals page.',
  sentForApproval: "Sent for a second admin's approval.",
  emailConfirmHint:
    'A new address must confirm itself: we email it a link, and the account keeps its old email until the link is opened. The old address is told.',
} as const;

export const userStatus = z.enum(['active', 'suspended', 'deleted']);
export type UserStatus = z.infer<typeof userStatus>;

export const adminUserSort = z.enum(['createdAt', 'balance']);
export type AdminUserSort = z.infer<typeof adminUserSort>;
export const sortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrder>;

export const ADMIN_USERS_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The users list: `q` matches name, email, phone or id; without `status`, deleted accounts are left out. */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: role.optional(),
  status: userStatus.optional(),
  sort: adminUserSort.default('createdAt'),
  order: sortOrder.default('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role,
  status: userStatus,
  balanceKobo: koboSchema,
  balance: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({
  users: z.array(adminUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const adminUserProfile = adminUser.extend({
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  deletedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfile>;

/** A signed-in browser of the user: never its token. */
export const userSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type UserSession = z.infer<typeof userSession>;

export const adminUserDetailResponse = z.object({
  user: adminUserProfile,
  wallet: z.object({ balanceKobo: koboSchema, balance: z.string(), breakdown: walletBreakdown }),
  statement: adminStatementResponse,
  purchases: z.array(purchase),
  payments: z.array(payment),
  manualRequests: z.array(manualFundingRequest),
  /** names, dates and the first characters only: the key itself is never kept */
  apiKeys: z.array(apiKey),
  sessions: z.array(userSession),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponse>;

export const adminUserResponse = z.object({ user: adminUserProfile });

/** What became of an admin's action: made at once (a customer), or waiting for a second admin (an admin). */
export const userActionResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), user: adminUserProfile }),
  z.object({ status: z.literal('awaiting_approval'), user: adminUserProfile, approval: approvalRequest }),
]);
export type UserActionResponse = z.infer<typeof userActionResponse>;

/** A new email is never set by an admin: a link goes to it (after a second admin's approval, for an admin). */
export const emailChangeOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('link_sent'), sentTo: z.string() }),
  z.object({ status: z.literal('awaiting_approval'), approval: approvalRequest }),
]);
export type EmailChangeOutcome = z.infer<typeof emailChangeOutcome>;

export const updateAdminUserResponse = z.object({
  user: adminUserProfile,
  /** null when the email was left as it was */
  emailChange: emailChangeOutcome.nullable(),
});
export type UpdateAdminUserResponse = z.infer<typeof updateAdminUserResponse>;

/** Blank clears the phone; otherwise a Nigerian mobile number, kept in its 11-digit form. */
export const optionalPhone = z
  .string()
  .trim()
  .max(20, messages.purchase.invalidNigerianPhone)
  .transform((value, context) => {
    if (value === '') return null;
    const phone = normalisePhone(value);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: messages.purchase.invalidNigerianPhone });
    return z.NEVER;
  });

export const updateAdminUserBody = z.object({
  name: z
    .string({ error: userAdminMessages.nameRequired })
    .trim()
    .min(1, userAdminMessages.nameRequired)
    .max(100, userAdminMessages.nameTooLong),
  email: emailAddress,
  phone: optionalPhone,
});
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBody>;

/** Suspending, restoring, deleting and demoting say why: the reason goes in the audit log. */
export const userActionBody = z.object({
  reason: z
    .string({ error: userAdminMessages.reasonRequired })
    .trim()
    .min(3, userAdminMessages.reasonRequired)
    .max(500, 'Keep the reason under 500 characters.'),
});
export type UserActionBody = z.input<typeof userActionBody>;

export const invitationStatus = z.enum(['open', 'used', 'expired', 'revoked']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminInvitation = z.object({
  id: z.string(),
  /** the address the invitation is tied to, or null when anyone with the link may use it */
  email: z.string().nullable(),
  status: invitationStatus,
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: person.nullable(),
  usedAt: z.string().nullable(),
  usedBy: person.nullable(),
  revokedAt: z.string().nullable(),
  /** the link, while the invitation is open */
  url: z.string().nullable(),
});
export type AdminInvitation = z.infer<typeof adminInvitation>;

export const adminInvitationsResponse = z.object({ invitations: z.array(adminInvitation) });
export const adminInvitationResponse = z.object({ invitation: adminInvitation });

/** An invitation is made only once a second admin approves the request; its link then shows in the list. */
export const createInvitationResponse = z.object({
  status: z.literal('awaiting_approval'),
  approval: approvalRequest,
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponse>;
