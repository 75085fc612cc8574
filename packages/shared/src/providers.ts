/**
 * The bill-payment aggregators QuickVend sells through. A purchase is sent to exactly one of them at a time, and
 * moves to another only after a definite failure the first confirms.
 */
export const BILLS_PROVIDERS = ['vtpass', 'flutterwave'] as const;
export type BillsProviderName = (typeof BILLS_PROVIDERS)[number];

export const BILLS_PROVIDER_LABELS: Record<BillsProviderName, string> = {
  vtpass: 'VTpass',
  flutterwave: 'Flutterwave',
};

export const isBillsProviderName = (value: string): value is BillsProviderName =>
  (BILLS_PROVIDERS as readonly string[]).includes(value);
