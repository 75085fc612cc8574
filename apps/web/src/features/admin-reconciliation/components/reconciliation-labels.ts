import type {
  ReconciliationDifferenceKind,
  ReconciliationSummary,
} from '@quickvend/shared/api/daily-reconciliation';
import type { BadgeTone } from '@/components/ui/status-badge.tsx';

/** Each kind of difference in a few words, for the list's first column. */
export const differenceLabels: Record<ReconciliationDifferenceKind, string> = {
  'provider-failed': 'VTpass says failed',
  'provider-unknown': 'Unknown to VTpass',
  'refunded-delivered': 'Refunded, then delivered',
  'provider-pending': 'Pending at VTpass',
  'amount-differs': 'Amount differs',
  'still-open': 'Still open',
  'not-asked': 'VTpass not asked',
  'float-gap': 'Float movement',
  'float-unread': 'No float reading',
};

export function resultLabel(result: Pick<ReconciliationSummary, 'status' | 'differenceCount'>): {
  label: string;
  tone: BadgeTone;
} {
  if (result.status === 'balanced') return { label: 'Balanced', tone: 'success' };
  const count = result.differenceCount;
  return { label: `${String(count)} ${count === 1 ? 'difference' : 'differences'}`, tone: 'warning' };
}
