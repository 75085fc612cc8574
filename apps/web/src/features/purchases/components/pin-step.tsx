import { useEffect, useRef, useState } from 'react';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { PinPad } from './pin-pad.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import type { PurchaseDraft } from './purchase-machine.ts';
import { pinTexts, type PurchaseFlow } from './use-purchase-flow.ts';

/** Confirm and pay: the amount to be charged, then the PIN (or creating one first). */
export function PinStep({ flow, draft }: { flow: PurchaseFlow; draft: PurchaseDraft }) {
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // the form may have been scrolled: the step is brought whole into view, its buttons above the tab bar
    const section = sectionRef.current;
    if (section && typeof section.scrollIntoView === 'function') section.scrollIntoView({ block: 'nearest' });
  }, []);
  const [pin, setPin] = useState('');
  const [shownMode, setShownMode] = useState(flow.pinMode);
  // a new stage (create, repeat, enter) starts with an empty pad
  if (shownMode !== flow.pinMode) {
    setShownMode(flow.pinMode);
    setPin('');
  }
  const [shownError, setShownError] = useState(flow.pinError);
  if (shownError !== flow.pinError) {
    setShownError(flow.pinError);
    if (flow.pinError !== null && !flow.canRetry) setPin('');
  }

  const isLocked = flow.lockMessage !== null;
  const label =
    flow.pinMode === 'create'
      ? pinTexts.create
      : flow.pinMode === 'repeat'
        ? pinTexts.repeat
        : pinTexts.enter;
  const submit = (value: string) => {
    void flow.submitPin(value);
  };

  return (
    <section
      ref={sectionRef}
      aria-labelledby="pin-step-heading"
      className="flex scroll-mt-16 scroll-mb-[calc(var(--bottom-bar,0px)+0.5rem)] flex-col gap-2"
    >
      <div className="rounded-2xl border border-gray-200 bg-white px-3 py-2 text-center">
        <h2 id="pin-step-heading" className="text-sm font-semibold text-gray-700">
          Amount to be charged
        </h2>
        <p className="text-3xl font-extrabold text-gray-900 tabular-nums">{formatNaira(draft.chargeKobo)}</p>
        {draft.faceKobo !== undefined && draft.faceKobo > draft.chargeKobo ? (
          <p className="text-sm text-gray-700">
            <span className="line-through">{formatNaira(draft.faceKobo)}</span>{' '}
            <span className="font-semibold text-green-800">
              {formatNaira(draft.faceKobo - draft.chargeKobo)} off
            </span>
          </p>
        ) : null}
        {draft.faceKobo !== undefined && draft.faceKobo < draft.chargeKobo ? (
          <p className="text-sm text-gray-700">{pinTexts.faceValue(formatNaira(draft.faceKobo))}</p>
        ) : null}
        <p className="text-sm text-gray-700">{draft.summary}</p>
        {draft.note ? <p className="text-sm font-semibold text-gray-900">{draft.note}</p> : null}
      </div>
      {flow.pinMode === 'create' ? (
        <p className="text-center text-sm text-gray-700">{pinTexts.needed}</p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (pin.length === 4) submit(pin);
        }}
        className="flex flex-col gap-2"
      >
        <PinPad
          label={label}
          value={pin}
          onChange={setPin}
          onComplete={submit}
          isDisabled={flow.isBusy || isLocked || flow.canRetry}
          error={isLocked ? flow.lockMessage : flow.canRetry ? null : flow.pinError}
        />
        {flow.heldText !== null ? (
          // the request is still open after a few seconds: the money is held, not yet spent
          <StatusMessage message={flow.heldText} tone="info" />
        ) : flow.canRetry ? (
          <>
            <StatusMessage message={flow.pinError} tone="error" />
            <Button
              fullWidth
              isBusy={flow.isBusy}
              busyLabel={messages.purchase.processing}
              onClick={() => void flow.retry()}
            >
              Try again
            </Button>
          </>
        ) : (
          <Button
            type="submit"
            fullWidth
            disabled={pin.length !== 4 || isLocked}
            isBusy={flow.isBusy}
            busyLabel={messages.purchase.processing}
          >
            {flow.pinMode === 'enter' ? `Pay ${formatNaira(draft.chargeKobo)}` : 'Continue'}
          </Button>
        )}
        <Button variant="text" onClick={flow.cancel} disabled={flow.isBusy}>
          {flow.canRetry ? 'Back' : 'Cancel'}
        </Button>
      </form>
    </section>
  );
}
