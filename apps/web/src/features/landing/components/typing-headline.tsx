import { useEffect, useState } from 'react';

const TYPE_MS = 55;
const HOLD_MS = 1800;
const ROTATE_MS = 4000;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

type TypingHeadlineProps = { slogans: readonly [string, ...string[]] };

/**
 * Types each slogan letter by letter, then moves to the next. With reduced motion the slogans
 * change whole, without typing. Screen readers get all slogans once, as plain text.
 */
export function TypingHeadline({ slogans }: TypingHeadlineProps) {
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(slogans[0].length);
  const [isReduced] = useState(prefersReducedMotion);
  const slogan = slogans[index % slogans.length] ?? slogans[0];

  useEffect(() => {
    if (isReduced) {
      const timer = window.setTimeout(() => {
        setIndex((value) => value + 1);
      }, ROTATE_MS);
      return () => {
        window.clearTimeout(timer);
      };
    }
    const isComplete = length >= slogan.length;
    const timer = window.setTimeout(
      () => {
        if (isComplete) {
          setIndex((value) => value + 1);
          setLength(0);
        } else {
          setLength((value) => value + 1);
        }
      },
      isComplete ? HOLD_MS : TYPE_MS,
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [isReduced, length, slogan]);

  const visible = isReduced ? slogan : slogan.slice(0, length);
  return (
    <h1 className="min-h-[5.5rem] text-3xl leading-tight font-extrabold text-gray-900 sm:min-h-[4rem] sm:text-5xl">
      <span className="sr-only">{slogans.join('. ')}</span>
      <span aria-hidden="true">
        {visible}
        <span className="ml-0.5 inline-block w-[3px] animate-pulse bg-brand-700 motion-reduce:hidden">
          &nbsp;
        </span>
      </span>
    </h1>
  );
}
