import { auditChanges, type AuditChange } from '@quickvend/shared/audit';

/** What each recorded action did, as an operator says it; an unknown action shows as recorded. */
const ACTIONS: Record<string, string> = {
  'user.create': 'Account created',
  'user.promote': 'Made an admin',
  'user.update': 'Profile edited',
  'user.suspend': 'Account suspended',
  'user.unsuspend': 'Account restored',
  'user.delete': 'Account deleted',
  'user.close': 'Account closed by its owner',
  'user.demote': 'Admin demoted to customer',
  'user.email-change': 'Email change approved',
  'invitation.create': 'Admin invitation made',
  'invitation.revoke': 'Admin invitation revoked',
  'invitation.accept': 'Admin invitation used: a new admin',
  'apikey.create': 'Partner API key created',
  'apikey.revoke': 'Partner API key revoked',
  'apikey.limits': 'Partner API key limits changed',
  'approval.request': 'Asked a second admin',
  'approval.approve': 'Approved',
  'approval.reject': 'Rejected',
  'approval.cancel': 'Request withdrawn',
  'approval.close': 'Request closed by the system',
  'wallet.credit': 'Wallet credited',
  'wallet.debit': 'Wallet debited',
  'setting.change': 'Money setting changed',
  'price.save': 'Price rule saved',
  'price.reset': 'Price rule reset',
  'service.route': 'Where a service is sold changed',
  'purchase.refund': 'Purchase refunded',
  'purchase.deliver': 'Purchase marked delivered',
  'purchase.requery': 'Asked the provider again',
  'provider_loss.write_off': 'Provider-side loss written off as an expense',
  'provider_loss.recover': 'Provider-side loss recovered from the customer',
  'manual_deposit.approve': 'Manual deposit approved',
  'manual_deposit.reject': 'Manual deposit rejected',
  'dispute.close': 'Report closed',
};

const FIELDS: Record<string, string> = {
  amountKobo: 'Amount',
  balanceKobo: 'Balance',
  valueKobo: 'Value',
  fixedPriceKobo: 'Fixed price',
  bps: 'Price',
  mode: 'Priced as',
  allowLoss: 'Sell at a loss',
  status: 'Status',
  role: 'Role',
  suspendedAt: 'Suspended',
  suspensionReason: 'Suspension reason',
  revokedKeys: 'API keys revoked',
  revokedInvitations: 'Invitations ended',
  closedRequests: 'Requests closed',
  approvalId: 'Approval',
  requestedBy: 'Asked by',
  createdBy: 'Invited by',
  invitedBy: 'Invited by',
  usedBy: 'New admin',
  expiresAt: 'Expires',
  keyId: 'Key',
  keyName: 'Key name',
  prefix: 'Key starts with',
  allowedIps: 'Works only from',
  dailyLimitKobo: 'Daily limit',
  allowedServices: 'May buy',
  emailLinkSentTo: 'Confirmation link sent to',
  linkSentTo: 'Confirmation link sent to',
  emailChangeAsked: 'New email asked for',
  kind: 'Request',
  answer: 'VTpass said',
  targetId: 'About',
};

export const actionLabel = (action: string): string => ACTIONS[action] ?? action;

/** `fixedPriceKobo` → `Fixed price`; an unknown field in words: `partnerAccessAt` → `Partner access at`. */
export function fieldLabel(field: string): string {
  const known = FIELDS[field];
  if (known) return known;
  const words = field
    .replace(/Kobo$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an audited action changed, each field and value in the operator's words. */
export const describeChanges = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] =>
  auditChanges(before, after).map((change) => ({ ...change, field: fieldLabel(change.field) }));
