import { useRef, useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { BrandMark } from './brand.tsx';
import { Button } from './button.tsx';

export type ReceiptRow = { label: string; value: ReactNode; isEmphasised?: boolean };

export type ReceiptTone = 'success' | 'warning' | 'error';

type ReceiptProps = {
  title?: string;
  headingLevel?: 1 | 2;
  /** the outcome, large, first: a mark, one word or two, and a sentence */
  outcome: { tone: ReceiptTone; headline: string; note?: string | null; goodNews?: string | null };
  /** right under the outcome, where it is seen first: an electricity token, exam PINs */
  lead?: ReactNode;
  /** the few facts a customer needs */
  rows: ReceiptRow[];
  /** folded under "More details" */
  details?: ReceiptRow[];
  /** Share receipt: resolves to a sentence saying what happened, or null to say nothing */
  onShare?: () => Promise<string | null>;
  /** a choice about the shared picture, above Share receipt (whether the balance shows on it) */
  shareChoice?: ReactNode;
  /** show Share receipt and Print */
  hasActions?: boolean;
  /** one more action under Share receipt and Print (Buy again) */
  extraAction?: ReactNode;
};

const marks: Record<ReceiptTone, { circle: string; ink: string; path: string }> = {
  success: { circle: 'bg-green-700', ink: 'text-green-900', path: 'M7 12.5l3.2 3.2L17 9' },
  warning: { circle: 'bg-amber-600', ink: 'text-amber-950', path: 'M12 7v5l3 2' },
  error: { circle: 'bg-red-700', ink: 'text-red-900', path: 'M8 8l8 8M16 8l-8 8' },
};

function Rows({ rows }: { rows: ReceiptRow[] }) {
  return rows.map((row) => (
    <div
      key={row.label}
      className="flex items-baseline justify-between gap-3 border-b border-gray-100 py-1.5 last:border-b-0"
    >
      <dt className="shrink-0 text-sm text-gray-600">{row.label}</dt>
      <dd
        className={`min-w-0 text-right wrap-anywhere text-gray-900 ${
          row.isEmphasised ? 'text-xl font-extrabold tabular-nums' : 'text-sm font-semibold'
        }`}
      >
        {row.value}
      </dd>
    </div>
  ));
}

/** A receipt that looks like one: the product's name, a large outcome, a few facts, details folded below. */
export function Receipt({
  title = 'Transaction Receipt',
  headingLevel = 2,
  outcome,
  lead,
  rows,
  details = [],
  onShare,
  shareChoice,
  hasActions = false,
  extraAction,
}: ReceiptProps) {
  const [shareStatus, setShareStatus] = useState<string | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const mark = marks[outcome.tone];

  const share = async () => {
    if (!onShare) return;
    setShareStatus(null);
    setIsSharing(true);
    try {
      setShareStatus(await onShare());
    } finally {
      setIsSharing(false);
    }
  };

  return (
    <section
      aria-label={title}
      className="receipt mx-auto w-full max-w-md rounded-2xl border border-gray-300 bg-white shadow-sm print:max-w-none print:border-0 print:shadow-none"
    >
      <div className="flex items-center gap-3 border-b-2 border-dashed border-gray-300 px-4 py-3">
        <BrandMark className="h-9 w-9" />
        <div>
          <p className="text-base font-extrabold text-brand-900">{PRODUCT_NAME}</p>
          <Heading className="text-sm font-semibold text-gray-700">{title}</Heading>
        </div>
      </div>
      <div
        className="flex flex-col items-center gap-1 px-4 pt-4 pb-3 text-center"
        data-testid="receipt-outcome"
      >
        <span
          className={`flex h-14 w-14 items-center justify-center rounded-full ${mark.circle}`}
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="white" strokeWidth="2.6">
            {outcome.tone === 'warning' ? <circle cx="12" cy="12" r="7.5" /> : null}
            <path d={mark.path} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p className={`text-2xl font-extrabold ${mark.ink}`}>{outcome.headline}</p>
        {outcome.note ? <p className="text-sm text-gray-800">{outcome.note}</p> : null}
        {outcome.goodNews ? (
          <p className="mt-1 rounded-lg bg-green-50 px-3 py-1.5 text-sm font-semibold text-green-900">
            {outcome.goodNews}
          </p>
        ) : null}
      </div>
      {lead ? <div className="border-t-2 border-dashed border-gray-300 px-4 py-3">{lead}</div> : null}
      <dl className="border-t-2 border-dashed border-gray-300 px-4 py-2">
        <Rows rows={rows} />
      </dl>
      {details.length > 0 ? (
        <details ref={detailsRef} className="group border-t border-gray-200 px-4 py-2">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800 print:hidden">
            More details
          </summary>
          <dl>
            <Rows rows={details} />
          </dl>
        </details>
      ) : null}
      {hasActions ? (
        <div className="flex flex-col gap-2 border-t border-gray-200 px-4 py-3 print:hidden">
          {onShare ? shareChoice : null}
          <div className="flex gap-2">
            {onShare ? (
              <Button
                className="flex-1 whitespace-nowrap"
                isBusy={isSharing}
                busyLabel="Preparing..."
                onClick={() => void share()}
              >
                Share receipt
              </Button>
            ) : null}
            <Button
              variant="secondary"
              className="shrink-0 px-5"
              onClick={() => {
                // a folded section would print folded: open it for paper
                if (detailsRef.current) detailsRef.current.open = true;
                window.print();
              }}
            >
              Print
            </Button>
          </div>
          {extraAction}
          <p role="status" className="text-sm text-gray-700">
            {shareStatus ?? ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
