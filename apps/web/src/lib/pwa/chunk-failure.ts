import { useEffect, useState } from 'react';

/**
 * A page's code that failed to load. `offline`: the network failed while the server still has that file, so the
 * page opens once the signal returns. `new-version`: the server, reachable, no longer has it: a deploy replaced
 * it, and only a reload brings the new version's files.
 */
export type ChunkFailureKind = 'offline' | 'new-version';

/**
 * What asking the server for the file again gave: `unreachable` (no answer, or a server that is away),
 * `missing` (a 404 from a server that answers), `found`.
 */
export type ChunkProbe = 'unreachable' | 'missing' | 'found';

export class ChunkLoadFailure extends Error {
  constructor(
    readonly kind: ChunkFailureKind,
    /** the file that failed, when the browser names it (Safari does not) */
    readonly url: string | null,
    options?: { cause?: unknown },
  ) {
    super(`The page's code could not be loaded (${kind})`, options);
    this.name = 'ChunkLoadFailure';
  }
}

// Chromium: "Failed to fetch dynamically imported module: URL"; Firefox: "error loading dynamically imported
// module: URL"; Safari: "Importing a module script failed."
const IMPORT_FAILED = /dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof ChunkLoadFailure) && IMPORT_FAILED.test(error.message);
}

/** The address of the file a failed `import()` names in its message, if it names one. */
export function chunkUrlOf(error: Error): string | null {
  return /(https?:\/\/\S+?\.m?js)\b/.exec(error.message)?.[1] ?? null;
}

/**
 * Offline unless a reachable server says the file is gone. Without the file's name (Safari) the app's page was
 * probed instead: a server that answers means the failure was not the network's, most likely a new version.
 */
export function kindOfChunkFailure(facts: {
  isOnline: boolean;
  probe: ChunkProbe | null;
  isUrlKnown: boolean;
}): ChunkFailureKind {
  if (!facts.isOnline || facts.probe === null || facts.probe === 'unreachable') return 'offline';
  if (facts.probe === 'missing') return 'new-version';
  return facts.isUrlKnown ? 'offline' : 'new-version';
}

/**
 * Asks the server, past the service worker (it leaves HEAD alone) and every cache, whether `url` is there.
 * A server error counts as unreachable: the server is away, not changed.
 */
export async function probeChunk(url: string): Promise<ChunkProbe> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (response.ok) return 'found';
    return response.status === 404 || response.status === 410 ? 'missing' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

function probeTargetOf(url: string | null): string {
  return url ?? window.location.href;
}

/** A page's code, or a {@link ChunkLoadFailure} saying whether the network or a new version stopped it. */
export async function loadChunk<M>(
  load: () => Promise<M>,
  probe: (url: string) => Promise<ChunkProbe> = probeChunk,
): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    const url = chunkUrlOf(error);
    const isOnline = navigator.onLine;
    const kind = kindOfChunkFailure({
      isOnline,
      probe: isOnline ? await probe(probeTargetOf(url)) : null,
      isUrlKnown: url !== null,
    });
    throw new ChunkLoadFailure(kind, url, { cause: error });
  }
}

/** The failure as a {@link ChunkLoadFailure}; one that came without being classified is checked as if offline. */
export function chunkFailureOf(error: unknown): ChunkLoadFailure | null {
  if (error instanceof ChunkLoadFailure) return error;
  if (isChunkLoadError(error)) return new ChunkLoadFailure('offline', chunkUrlOf(error), { cause: error });
  return null;
}

const FIRST_CHECK_MS = 5_000;
const MAX_CHECK_MS = 60_000;

/** How long to wait before the next check while no `online` event comes (a phone on a network with no way out). */
export function nextCheckDelayMs(checks: number): number {
  return Math.min(MAX_CHECK_MS, FIRST_CHECK_MS * 2 ** checks);
}

type Recovery = {
  /** what the failure turned out to be, as the checks learn more */
  kind: ChunkFailureKind;
  /** checks now, as a "Try again" tap does */
  checkNow: () => void;
};

const reloadPage = () => {
  window.location.reload();
};

/**
 * For a page whose code failed to load offline: as soon as the signal returns (the `online` event, or a check
 * every few seconds when none comes) and the server has the file, the page is loaded again, with no tap. It is a
 * reload: a browser keeps a failed import's result for the life of the document, so `import()` again cannot work.
 * The page's files then come from the service worker or the HTTP cache, so it costs little more than its HTML.
 */
export function useReloadWhenReachable(
  failure: ChunkLoadFailure,
  { probe = probeChunk, reload = reloadPage } = {},
): Recovery {
  const [kind, setKind] = useState(failure.kind);
  const [checkRequests, setCheckRequests] = useState(0);
  useEffect(() => {
    if (kind !== 'offline') return;
    let isDone = false;
    let isChecking = false;
    let checks = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), nextCheckDelayMs(checks++));
    };
    const check = async () => {
      if (isChecking) return;
      isChecking = true;
      clearTimeout(timer);
      const found = await probe(probeTargetOf(failure.url));
      isChecking = false;
      if (isDone) return;
      if (found === 'found') {
        isDone = true;
        reload();
      } else if (found === 'missing') {
        setKind('new-version');
      } else {
        later();
      }
    };
    const onOnline = () => {
      // the signal is back: check soon again if this check is too early, as at first
      checks = 0;
      void check();
    };
    window.addEventListener('online', onOnline);
    if (checkRequests > 0) void check();
    else later();
    return () => {
      isDone = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [failure, kind, probe, reload, checkRequests]);
  return {
    kind,
    checkNow: () => {
      setCheckRequests((count) => count + 1);
    },
  };
}
