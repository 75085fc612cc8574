import type { ReactNode } from 'react';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatBps } from '@/lib/format.ts';
import { priceOfAmount } from './web-price.ts';

export const billTexts = {
  discount: (off: string, pay: string) => `${off} off: you pay ${pay}`,
  markup: (pay: string) => `You pay ${pay}`,
  verifying: 'Verifying...',
} as const;

type DiscountLineProps = {
  faceKobo: number | null;
  /** what the wallet pays for it */
  payKobo: number | null;
  /** the service's discount, named as a percentage when it is what set the price */
  bps?: number;
};

/** Under a price, when the wallet pays something else: `1% off: you pay ₦18,810.00`, or `You pay ₦19,190.00`. */
export function DiscountLine({ faceKobo, payKobo, bps = 0 }: DiscountLineProps) {
  if (faceKobo === null || payKobo === null || faceKobo <= 0 || payKobo === faceKobo) return null;
  if (payKobo > faceKobo) {
    return (
      <p className="-mt-1 rounded-lg bg-gray-100 px-3 py-1.5 text-sm font-semibold text-gray-900">
        {billTexts.markup(formatNaira(payKobo))}
      </p>
    );
  }
  const off =
    bps > 0 && priceOfAmount(faceKobo, bps) === payKobo ? formatBps(bps) : formatNaira(faceKobo - payKobo);
  return (
    <p className="-mt-1 rounded-lg bg-green-50 px-3 py-1.5 text-sm font-semibold text-green-900">
      {billTexts.discount(off, formatNaira(payKobo))}
    </p>
  );
}

type PlanAmountProps = {
  faceKobo: number | null;
  /** what the wallet pays; the face value when not given */
  payKobo?: number | null;
  discountBps?: number;
  label?: string;
  placeholder?: string;
  hint?: string | undefined;
};

/** The price a plan (or a renewal) sets, read-only, with the discount under it. */
export function PlanAmount({
  faceKobo,
  payKobo = faceKobo,
  discountBps = 0,
  label = 'Amount (NGN)',
  placeholder = 'Filled from the plan',
  hint,
}: PlanAmountProps) {
  return (
    <>
      <Input
        label={label}
        readOnly
        value={faceKobo !== null ? formatNaira(faceKobo) : ''}
        hint={hint}
        placeholder={placeholder}
      />
      <DiscountLine faceKobo={faceKobo} payKobo={payKobo} bps={discountBps} />
    </>
  );
}

/** Asks the provider who is behind the number typed. */
export function VerifyButton({
  isBusy,
  onClick,
  children,
}: {
  isBusy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="secondary" fullWidth isBusy={isBusy} busyLabel={billTexts.verifying} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The customer the provider found, with what it says about them, shown before anyone pays. */
export function VerifiedCustomer({
  title,
  rows,
  children,
}: {
  title: string;
  rows: [label: string, value: string | null | undefined][];
  children?: ReactNode;
}) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-1 rounded-xl border-2 border-green-600 bg-green-50 px-3 py-2"
    >
      <p className="flex items-center gap-1.5 text-sm font-bold text-green-900">
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false">
          <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
        {title}
      </p>
      <dl className="grid gap-0.5 text-sm">
        {shown.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="shrink-0 text-gray-700">{label}</dt>
            <dd className="min-w-0 text-right font-semibold break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
