import { BILLS_PROVIDER_LABELS } from '@quickvend/shared/providers';
import type {
  AdminPurchase,
  FundingKind,
  FundingState,
  PurchaseEvent,
} from '@quickvend/shared/api/admin-purchases';
import type { BadgeTone } from '@/components/ui/status-badge.tsx';

export const stageLabels: Record<AdminPurchase['stage'], { label: string; tone: BadgeTone }> = {
  processing: { label: 'Processing', tone: 'warning' },
  pending: { label: 'Pending', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed, refunded', tone: 'error' },
};

export const fundingStateLabels: Record<FundingState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  credited: { label: 'Credited', tone: 'success' },
  failed: { label: 'Not credited', tone: 'error' },
  review: { label: 'Under review', tone: 'warning' },
};

export const fundingKindLabels: Record<FundingKind, string> = {
  card: 'Card',
  transfer: 'Bank transfer',
  manual: 'Manual deposit',
};

export const channelLabels: Record<AdminPurchase['channel'], string> = { web: 'Web', api: 'Partner API' };

/** What each line of a timeline says happened. */
export function eventTitle(event: PurchaseEvent): string {
  const provider = event.provider ? BILLS_PROVIDER_LABELS[event.provider] : 'the provider';
  switch (event.kind) {
    case 'provider.purchase':
      return `Asked ${provider} to deliver`;
    case 'provider.requery':
      return `Asked ${provider} again`;
    case 'provider.callback':
      return event.provider ? `${provider} called back` : 'The provider called back';
    case 'admin.requery':
      return `An admin asked ${provider} again`;
    case 'admin.refund':
      return event.outcome === 'requested'
        ? 'An admin asked a second admin to approve a refund'
        : event.outcome === 'delivered'
          ? 'An admin asked for a refund; VTpass had delivered it'
          : 'An admin refunded it';
    case 'admin.deliver':
      return event.outcome === 'requested'
        ? 'An admin asked a second admin to confirm delivery'
        : 'A second admin confirmed delivery';
    case 'admin.keep_pending':
      return 'An admin kept it pending';
    case 'customer.dispute':
      return `The customer said they did not get it; asked ${provider} again`;
  }
}

/** The label of a provider line's raw answer: `VTpass’s answer`. */
export const answerLabel = (event: PurchaseEvent) =>
  event.provider ? `${BILLS_PROVIDER_LABELS[event.provider]}’s answer` : 'The provider’s answer';

/** A short form of a long id, for a column where the whole id would crowd the row. */
export const shortId = (id: string) => (id.length > 12 ? `…${id.slice(-8)}` : id);
