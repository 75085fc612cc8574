import type { AdminPurchase } from '@quickvend/shared/api/admin-purchases';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { toNairaString } from '@quickvend/shared/money';
import { toCsv, type CsvCell } from '../../lib/http/csv.ts';

const naira = (amountKobo: number | null) => (amountKobo === null ? '' : toNairaString(amountKobo));

const HEADER = [
  'Date (Lagos)',
  'Purchase id',
  'Request id',
  'VTpass request id',
  'VTpass transaction id',
  'Customer',
  'Customer email',
  'User id',
  'Channel',
  'Service',
  'Plan',
  'Phone',
  'Smartcard or meter',
  'Status',
  'Amount (NGN)',
  'Charged (NGN)',
  'Cost (NGN)',
  'Margin (NGN)',
  'Pending over 24 hours',
  'Message',
];

/** The search's rows for a spreadsheet; tokens and PINs stay out of files that travel. */
export function purchasesCsv(rows: readonly AdminPurchase[]): string {
  return toCsv(
    HEADER,
    rows.map((row): CsvCell[] => [
      formatLagosTimestamp(row.createdAt),
      row.id,
      row.requestId,
      row.providerRequestId,
      row.transactionId,
      row.buyer?.name ?? '',
      row.buyer?.email ?? '',
      row.userId,
      row.channel,
      row.serviceName,
      row.planName,
      row.phone,
      row.billersCode,
      row.stage,
      naira(row.amountKobo),
      naira(row.chargedKobo),
      naira(row.costKobo),
      naira(row.marginKobo),
      row.isStuck ? 'yes' : 'no',
      row.message,
    ]),
  );
}
