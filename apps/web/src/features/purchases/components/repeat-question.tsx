import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import type { PurchaseDraft } from './purchase-machine.ts';
import { repeatTexts, type PurchaseFlow } from './use-purchase-flow.ts';

/** The same purchase was made seconds ago: buy it again, or go back to the form. Nothing is sent yet. */
export function RepeatQuestion({
  flow,
  draft,
  secondsAgo,
}: {
  flow: Pick<PurchaseFlow, 'confirmRepeat' | 'cancel'>;
  draft: PurchaseDraft;
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
      aria-describedby="repeat-summary"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-3 py-3"
    >
      <h2 id="repeat-question" ref={heading} tabIndex={-1} className="text-base font-bold text-gray-900">
        {repeatTexts.question(secondsAgo)}
      </h2>
      <p id="repeat-summary" className="text-sm text-gray-800">
        {draft.summary}
      </p>
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
