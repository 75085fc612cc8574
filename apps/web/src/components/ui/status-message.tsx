import { useEffect, useRef } from 'react';

/** `info`: neither done nor failed yet (a payment being confirmed), in neutral blue. */
export type StatusTone = 'success' | 'error' | 'info';

/** The spec's rule: a message is an error when it contains the word Error. */
export function toneOf(message: string): Exclude<StatusTone, 'info'> {
  return message.includes('Error') ? 'error' : 'success';
}

type StatusMessageProps = {
  message: string | null | undefined;
  /** Overrides the spec's rule for failure texts that do not contain "Error". */
  tone?: StatusTone | undefined;
  className?: string;
  /** bring a new message into view (a form whose button sticks to the bottom could hide it) */
  isScrolledIntoView?: boolean;
};

/** A live region that is always in the page, so screen readers announce each new message. */
export function StatusMessage({
  message,
  tone,
  className = '',
  isScrolledIntoView = false,
}: StatusMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!isScrolledIntoView || !message || element === null) return;
    // jsdom has no scrolling
    if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
  }, [isScrolledIntoView, message]);
  const resolved = message ? (tone ?? toneOf(message)) : undefined;
  const colours =
    resolved === 'error'
      ? 'border-red-300 bg-red-50 text-red-800'
      : resolved === 'success'
        ? 'border-green-300 bg-green-50 text-green-800'
        : resolved === 'info'
          ? 'border-sky-300 bg-sky-50 text-sky-900'
          : 'hidden';
  return (
    <div ref={ref} role="status" aria-live="polite" aria-atomic="true" className={className}>
      {message ? (
        <p data-tone={resolved} className={`rounded-lg border px-3 py-2 text-sm font-medium ${colours}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
