import { useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { BrandMark } from './brand.tsx';
import { Button } from './button.tsx';

export type ReceiptRow = { label: string; value: ReactNode; isEmphasised?: boolean };

type ReceiptProps = {
  title?: string;
  rows: ReceiptRow[];
  /** above the rows, where it is seen first: an electricity token, exam PINs */
  lead?: ReactNode;
  /** below the rows */
  children?: ReactNode;
  /** the receipt as plain text, for Share (or copy when the browser cannot share) */
  shareText?: string | undefined;
  /** show Print and Share */
  hasActions?: boolean;
  headingLevel?: 1 | 2;
};

/** Plain-text lines of a receipt for sharing: `Label: value`, one a line. */
export function receiptText(title: string, lines: [string, string][]): string {
  return [`${PRODUCT_NAME} ${title}`, ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n');
}

/** A receipt that looks like one: the product's name, labelled rows, and Print and Share. */
export function Receipt({
  title = 'Transaction Receipt',
  rows,
  lead,
  children,
  shareText,
  hasActions = false,
  headingLevel = 2,
}: ReceiptProps) {
  const [shareStatus, setShareStatus] = useState<string | null>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const share = async () => {
    if (!shareText) return;
    setShareStatus(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${PRODUCT_NAME} ${title}`, text: shareText });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(shareText);
      setShareStatus('Receipt copied. Paste it into a message to share it.');
    } catch {
      setShareStatus('Could not share the receipt. Take a screenshot instead.');
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
      {lead ? <div className="border-b-2 border-dashed border-gray-300 px-4 py-3">{lead}</div> : null}
      <dl className="px-4 py-2">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-baseline justify-between gap-3 border-b border-gray-100 py-1.5 last:border-b-0"
          >
            <dt className="shrink-0 text-sm text-gray-600">{row.label}</dt>
            <dd
              className={`min-w-0 text-right wrap-anywhere text-gray-900 ${
                row.isEmphasised ? 'text-lg font-extrabold tabular-nums' : 'text-sm font-semibold'
              }`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {children ? <div className="border-t-2 border-dashed border-gray-300 px-4 py-3">{children}</div> : null}
      {hasActions ? (
        <div className="flex flex-col gap-2 border-t border-gray-200 px-4 py-3 print:hidden">
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => {
                window.print();
              }}
            >
              Print
            </Button>
            {shareText ? (
              <Button variant="secondary" className="flex-1" onClick={() => void share()}>
                Share
              </Button>
            ) : null}
          </div>
          <p role="status" className="text-sm text-gray-700">
            {shareStatus ?? ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
