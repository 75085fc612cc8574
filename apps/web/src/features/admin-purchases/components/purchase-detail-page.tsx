import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router/index.ts';
import type { AdminPurchase } from '@quickvend/shared/api/admin-purchases';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { editUserPath, paths } from '@/lib/paths.ts';
import { useAdminPurchase } from '../api/get-purchase.ts';
import { channelLabels, stageLabels } from './labels.ts';
import { PurchaseActions } from './purchase-actions.tsx';
import { PurchaseTimeline } from './purchase-timeline.tsx';

function Facts({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <section aria-label={label} className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold text-gray-900">{label}</h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr]">
        {shown.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-gray-600">{term}</dt>
            <dd className="text-gray-900 wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const mono = (text: string | null) => (text ? <span className="font-mono">{text}</span> : null);

function moneyRows(p: AdminPurchase): [string, ReactNode][] {
  return [
    ['Amount', formatNaira(p.amountKobo)],
    ['Charged', <strong key="charged">{formatNaira(p.chargedKobo)}</strong>],
    ['Refunded', p.refundedKobo === 0 ? null : formatNaira(p.refundedKobo)],
    ['Discount', p.discountKobo === 0 ? null : formatNaira(p.discountKobo)],
    [
      'Cost (VTpass)',
      p.costKobo === null ? (p.stage === 'delivered' ? 'Not reported' : '—') : formatNaira(p.costKobo),
    ],
    [
      'Margin',
      p.marginKobo === null ? (
        '—'
      ) : (
        <span className={p.marginKobo < 0 ? 'font-semibold text-red-700' : 'font-semibold'}>
          {formatNaira(p.marginKobo)}
        </span>
      ),
    ],
    ['Wallet after', p.balanceAfterKobo === null ? null : formatNaira(p.balanceAfterKobo)],
  ];
}

/** One purchase: who bought it, what it cost and earned, what VTpass said each time, and what can be done. */
export function AdminPurchaseDetailPage() {
  const { id = '' } = useParams();
  const detail = useAdminPurchase(id);

  if (detail.isPending) {
    return (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={4} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-3">
        <Link to={paths.adminPurchases} className="text-sm font-semibold text-brand-800 underline">
          ← All purchases
        </Link>
        <StatusMessage
          message={
            isApiError(detail.error, 'FORBIDDEN') ? messages.auth.notAdmin : `Error: ${detail.error.message}`
          }
          tone="error"
        />
      </div>
    );
  }

  const { purchase: p } = detail.data;
  const stage = stageLabels[p.stage];
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={paths.adminPurchases}
        className="text-sm font-semibold text-brand-800 underline underline-offset-4"
      >
        ← All purchases
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-gray-900">
          {p.serviceName} · <span className="font-mono">{p.billersCode ?? p.phone}</span>
        </h1>
        <StatusBadge {...stage} />
        {p.isStuck ? <StatusBadge label="Pending over 24 hours" tone="error" /> : null}
      </div>
      <p className="text-sm text-gray-700">
        {formatNaira(p.amountKobo)} · {formatLagosDateTime(p.createdAt)} · {channelLabels[p.channel]}
        {p.message ? ` · “${p.message}”` : ''}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <PurchaseActions detail={detail.data} />
          <Facts
            label="Customer"
            rows={[
              [
                'Account',
                p.buyer ? (
                  <Link
                    to={editUserPath(p.buyer.id)}
                    className="font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {p.buyer.name.trim() || p.buyer.email}
                  </Link>
                ) : (
                  mono(p.userId)
                ),
              ],
              ['Email', p.buyer?.email ?? null],
              ['Channel', channelLabels[p.channel]],
            ]}
          />
          <Facts label="Money" rows={moneyRows(p)} />
        </div>
        <div className="flex flex-col gap-4">
          <Facts
            label="What was bought"
            rows={[
              ['Service', p.serviceName],
              ['Plan', p.planName],
              ['Phone', mono(p.phone)],
              ['Smartcard or meter', mono(p.billersCode)],
              ['Verified name', p.customerName],
              ['Token', p.token ? <span className="font-mono text-base font-bold">{p.token}</span> : null],
              ['Units', p.units],
              [
                'PINs',
                p.pins?.length ? (
                  <ul className="font-mono">
                    {p.pins.map((pin) => (
                      <li key={pin.pin}>
                        {pin.pin}
                        {pin.serial ? ` (serial ${pin.serial})` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null,
              ],
              ...p.receiptLines.map((line): [string, ReactNode] => [line.label, line.value]),
            ]}
          />
          <Facts
            label="References"
            rows={[
              ['Purchase ID', mono(p.id)],
              ['Request ID', mono(p.requestId)],
              ['VTpass request ID', mono(p.providerRequestId)],
              ['VTpass transaction ID', mono(p.transactionId)],
              ['Made', formatLagosDateTime(p.createdAt)],
              ['Finished', p.finalizedAt ? formatLagosDateTime(p.finalizedAt) : null],
              ['Checks with VTpass', String(p.checks)],
              ['Next check', p.nextCheckAt ? formatLagosDateTime(p.nextCheckAt) : null],
            ]}
          />
        </div>
      </div>
      <PurchaseTimeline
        // a refreshed purchase starts its timeline again from its newest page
        key={detail.data.olderEventsCursor ?? ''}
        purchaseId={p.id}
        events={detail.data.events}
        olderEventsCursor={detail.data.olderEventsCursor}
      />
    </div>
  );
}
