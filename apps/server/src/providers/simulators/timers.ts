/** Where a simulator's waits come from, so a test can fire them itself instead of waiting for real time. */
export type SimulatorTimers = {
  /** Calls `callback` once `ms` have passed; returns a function that cancels it. `Infinity` never fires. */
  schedule(ms: number, callback: () => void): () => void;
};

/** Real time; a pending wait never keeps the process alive. */
export const realTimers: SimulatorTimers = {
  schedule(ms, callback) {
    if (!Number.isFinite(ms)) return () => undefined;
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};

/** Resolves true once `ms` have passed, or false as soon as `signal` aborts. */
export function waitUnlessAborted(
  timers: SimulatorTimers,
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      cancel();
      resolve(false);
    };
    const cancel = timers.schedule(ms, () => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
