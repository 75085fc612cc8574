import { useIsOnline } from '@/lib/use-online.ts';
import { offlineText } from './offline-text.ts';

export { offlineText };

/**
 * Says so when the phone has no network, pinned to the bottom of the screen so it shows wherever the page is
 * scrolled and moves nothing. The live region is always there, so the change is announced.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div aria-live="polite" className="print:hidden">
      {isOnline ? null : (
        <p className="offline-banner fixed inset-x-0 bottom-0 z-50 bg-gray-900 px-3 py-2 text-center text-sm font-semibold text-white">
          {offlineText}
        </p>
      )}
    </div>
  );
}
