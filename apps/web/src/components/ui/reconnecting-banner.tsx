export const RECONNECTING_MESSAGE = 'Reconnecting… your balance and history will be back in a moment';

/**
 * A thin line across the top while the server cannot be reached. The live region is always there, so screen
 * readers hear the line when it appears, politely.
 */
export function ReconnectingBanner({ isReconnecting }: { isReconnecting: boolean }) {
  return (
    <div role="status" aria-live="polite" className="print:hidden">
      {isReconnecting ? (
        <p className="bg-brand-100 px-3 py-1 text-center text-xs font-semibold text-brand-900">
          {RECONNECTING_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
