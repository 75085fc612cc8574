import { useEffect, useRef } from 'react';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { Button } from '@/components/ui/button.tsx';
import { repeatTexts, type PurchaseFlow } from './use-purchase-flow.ts';

/** The same purchase was made seconds ago: buy it again, or go back to the form. Nothing is sent yet. */
export function RepeatQuestion({
  flow,
  earlier,
  secondsAgo,
}: {
  flow: Pick<PurchaseFlow, 'confirmRepeat' | 'cancel'>;
  /** the purchase made seconds ago: its price and recipient are what the question names */
  earlier: Purchase;
  secondsAgo: number;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      role="alertdialog"
      aria-labelledby="repeat-question"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-3 py-3"
    >
      <h2 id="repeat-question" ref={heading} tabIndex={-1} className="text-base font-bold text-gray-900">
        {repeatTexts.question(earlier, secondsAgo)}
      </h2>
      <div className="flex flex-col gap-2">
        <Button type="button" fullWidth onClick={flow.confirmRepeat}>
          {repeatTexts.confirm}
        </Button>
        <Button type="button" variant="secondary" fullWidth onClick={flow.cancel}>
          {repeatTexts.cancel}
        </Button>
      </div>
    </section>
  );
}
