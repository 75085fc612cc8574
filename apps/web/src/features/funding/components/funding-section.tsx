import type { ReactNode } from 'react';

type FundingSectionProps = { id: string; title: string; intro?: ReactNode; children: ReactNode };

/** One way of funding the wallet: a card with a heading, a line on how it works, and its form. */
export function FundingSection({ id, title, intro, children }: FundingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        {intro ? <div className="text-sm text-gray-700">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}
