import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { StatusBadge, type BadgeTone } from '../ui/status-badge.tsx';

/** A purchase's status in words: on badges, receipts and the status filter. */
export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
};

const tones: Record<PurchaseStatus, BadgeTone> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'error',
};

/** Delivered, pending or failed: the word first, the colour to help. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return <StatusBadge label={purchaseStatusLabels[status]} tone={tones[status]} />;
}
