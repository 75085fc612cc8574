import type { ApprovalRequest, ApprovalStatus } from '@quickvend/shared/api/admin-money';
import type { BadgeTone } from '../ui/status-badge.tsx';

/** What is asked, in plain words. */
export function kindLabel(approval: Pick<ApprovalRequest, 'kind' | 'payload'>): string {
  switch (approval.kind) {
    case 'wallet.adjustment':
      return approval.payload['direction'] === 'debit' ? 'Wallet debit' : 'Wallet credit';
    case 'manual_deposit.approve':
      return 'Manual deposit';
    case 'purchase.deliver':
      return 'Mark purchase delivered';
    case 'purchase.refund':
      return 'Purchase refund';
    case 'provider_loss.recover':
      return 'Recovery of a provider-side loss';
    case 'setting.change':
      return 'Money setting';
    case 'price.rule':
      return 'Price change';
    case 'admin.invite':
      return 'Invite an admin';
    case 'admin.demote':
      return 'Demote an admin';
    case 'admin.suspend':
      return 'Suspend an admin';
    case 'admin.restore':
      return 'Restore an admin';
    case 'admin.delete':
      return 'Delete an admin';
    case 'admin.email':
      return "Change an admin's email";
    case 'refund_due.return':
      return 'Money sent back';
    default:
      return approval.kind;
  }
}

export const kindFilters = [
  { value: '', label: 'Every kind' },
  { value: 'wallet.adjustment', label: 'Wallet credits and debits' },
  { value: 'manual_deposit.approve', label: 'Manual deposits' },
  { value: 'purchase.deliver', label: 'Purchases marked delivered' },
  { value: 'purchase.refund', label: 'Purchase refunds' },
  { value: 'provider_loss.recover', label: 'Provider-side losses recovered' },
  { value: 'setting.change', label: 'Money settings' },
  { value: 'price.rule', label: 'Price changes' },
  { value: 'admin.invite', label: 'Admin invitations' },
  { value: 'admin.demote', label: 'Admins demoted' },
  { value: 'admin.suspend', label: 'Admins suspended' },
  { value: 'admin.restore', label: 'Admins restored' },
  { value: 'admin.delete', label: 'Admins deleted' },
  { value: 'admin.email', label: "Admins' email changes" },
  { value: 'refund_due.return', label: 'Money sent back to payers' },
] as const;

export const outcomes: Record<Exclude<ApprovalStatus, 'pending'>, { label: string; tone: BadgeTone }> = {
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'error' },
  cancelled: { label: 'Withdrawn', tone: 'neutral' },
  closed: { label: 'Closed by the system', tone: 'neutral' },
};

/** How long ago, roughly: `just now`, `12 min`, `3 h`, `2 days`. */
export function ageOf(iso: string, now: number): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${String(hours)} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${String(days)} days`;
}

/** The first characters of an id after its prefix, enough to tell two apart: `pur_01JX…` → `01JX4Q`. */
export const shortId = (id: string) => (id.split('_')[1] ?? id).slice(0, 6);
