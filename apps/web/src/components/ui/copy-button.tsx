import { useEffect, useState } from 'react';

const COPIED_MS = 2_500;

type CopyButtonProps = {
  /** what is copied */
  text: string;
  /** what it is, read out after "Copy": `token`, `PIN 1` */
  what: string;
  className?: string;
};

/** Copies a value to the clipboard and says so (a token to type into a meter, a PIN to scratch in). */
export function CopyButton({ text, what, className = '' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => {
      setState('idle');
    }, COPIED_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${what}`}
        onClick={() => void copy()}
        className="inline-flex min-h-11 min-w-16 items-center justify-center rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 print:hidden"
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="text-xs text-gray-700 print:hidden">
        {state === 'failed' ? 'Could not copy: select it and copy by hand.' : ''}
      </span>
    </span>
  );
}
