import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadFailure,
  chunkFailureOf,
  chunkUrlOf,
  isChunkLoadError,
  kindOfChunkFailure,
  loadChunk,
  nextCheckDelayMs,
  probeChunk,
  useReloadWhenReachable,
  type ChunkProbe,
} from './chunk-failure.ts';

const CHUNK = 'https://quickvend.example/assets/tv-page-Bx9_1.js';
const chromium = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
const firefox = new TypeError(`error loading dynamically imported module: ${CHUNK}`);
const safari = new TypeError('Importing a module script failed.');

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}

async function failureOf(promise: Promise<unknown>): Promise<ChunkLoadFailure> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ChunkLoadFailure)) throw new Error(`not a ChunkLoadFailure: ${String(error)}`);
  return error;
}

describe('telling a dropped signal from a new version when a page’s code fails to load', () => {
  it('recognises a failed import in each browser’s words, and the file it names', () => {
    expect(isChunkLoadError(chromium)).toBe(true);
    expect(isChunkLoadError(firefox)).toBe(true);
    expect(isChunkLoadError(safari)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(chunkUrlOf(chromium)).toBe(CHUNK);
    expect(chunkUrlOf(firefox)).toBe(CHUNK);
    expect(chunkUrlOf(safari)).toBeNull();
  });

  it.each<[boolean, ChunkProbe | null, boolean, 'offline' | 'new-version']>([
    // the phone says it has no network: never a new version, whatever else is known
    [false, null, true, 'offline'],
    [false, 'missing', true, 'offline'],
    // the server cannot be reached, or is away
    [true, 'unreachable', true, 'offline'],
    [true, 'unreachable', false, 'offline'],
    // the server still has the file: the connection dropped while it came
    [true, 'found', true, 'offline'],
    // a server that answers no longer has it: a deploy replaced it
    [true, 'missing', true, 'new-version'],
    // Safari names no file: the app's page answered, so not the network
    [true, 'found', false, 'new-version'],
  ])('online %s, the server says %s (file named: %s): %s', (isOnline, probe, isUrlKnown, kind) => {
    expect(kindOfChunkFailure({ isOnline, probe, isUrlKnown })).toBe(kind);
  });

  it('asks the server past every cache, and reads a server error as a server that is away', async () => {
    const answers: (Response | Error)[] = [
      new Response(null, { status: 200 }),
      new Response(null, { status: 404 }),
      new Response(null, { status: 503 }),
      new TypeError('Failed to fetch'),
    ];
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => {
      const next = answers.shift();
      return next instanceof Response
        ? Promise.resolve(next)
        : Promise.reject(next ?? new Error('no answer'));
    });
    vi.stubGlobal('fetch', fetchMock);
    const probes = [];
    for (let i = 0; i < 4; i++) probes.push(await probeChunk(CHUNK));
    expect(probes).toEqual(['found', 'missing', 'unreachable', 'unreachable']);
    expect(fetchMock).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
  });

  it('offline, calls it offline without asking the server', async () => {
    setOnline(false);
    const probe = vi.fn(() => Promise.resolve<ChunkProbe>('missing'));
    const failure = await failureOf(loadChunk(() => Promise.reject(chromium), probe));
    expect(failure).toMatchObject({ kind: 'offline', url: CHUNK, cause: chromium });
    expect(probe).not.toHaveBeenCalled();
  });

  it('online, asks the server for the file that failed and calls it a new version only when it is gone', async () => {
    setOnline(true);
    const probe = vi.fn((_url: string) => Promise.resolve<ChunkProbe>('found'));
    expect((await failureOf(loadChunk(() => Promise.reject(chromium), probe))).kind).toBe('offline');
    expect(probe).toHaveBeenCalledWith(CHUNK);
    probe.mockResolvedValue('unreachable');
    expect((await failureOf(loadChunk(() => Promise.reject(firefox), probe))).kind).toBe('offline');
    probe.mockResolvedValue('missing');
    expect((await failureOf(loadChunk(() => Promise.reject(chromium), probe))).kind).toBe('new-version');
  });

  it('without a file name (Safari), asks for the page itself', async () => {
    setOnline(true);
    const probe = vi.fn((_url: string) => Promise.resolve<ChunkProbe>('unreachable'));
    expect((await failureOf(loadChunk(() => Promise.reject(safari), probe))).kind).toBe('offline');
    expect(probe).toHaveBeenCalledWith(window.location.href);
    probe.mockResolvedValue('found');
    expect((await failureOf(loadChunk(() => Promise.reject(safari), probe))).kind).toBe('new-version');
  });

  it('passes a loaded page through, and any other error untouched', async () => {
    const probe = vi.fn(() => Promise.resolve<ChunkProbe>('found'));
    await expect(loadChunk(() => Promise.resolve({ Page: 'page' }), probe)).resolves.toEqual({
      Page: 'page',
    });
    const broken = new Error('the page threw while loading');
    await expect(loadChunk(() => Promise.reject(broken), probe)).rejects.toBe(broken);
    expect(probe).not.toHaveBeenCalled();
  });

  it('treats a failed import that came unclassified as one to check, and ignores other errors', () => {
    expect(chunkFailureOf(chromium)).toMatchObject({ kind: 'offline', url: CHUNK });
    const classified = new ChunkLoadFailure('new-version', CHUNK);
    expect(chunkFailureOf(classified)).toBe(classified);
    expect(chunkFailureOf(new Error('boom'))).toBeNull();
  });
});

describe('opening the page by itself once the signal returns', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderRecovery(answers: ChunkProbe[]) {
    const probe = vi.fn((_url: string) => Promise.resolve(answers.shift() ?? 'unreachable'));
    const reload = vi.fn();
    const failure = new ChunkLoadFailure('offline', CHUNK);
    const view = renderHook(() => useReloadWhenReachable(failure, { probe, reload }));
    return { ...view, probe, reload };
  }

  async function goOnline() {
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
  }

  async function advance(ms: number) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  it('reloads the page as soon as the phone is online and the server has the file', async () => {
    const { probe, reload, result } = renderRecovery(['found']);
    expect(probe).not.toHaveBeenCalled();
    await goOnline();
    expect(probe).toHaveBeenCalledWith(CHUNK);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current.kind).toBe('offline');
  });

  it('keeps checking, further apart, when the signal is back in name only or no online event comes', async () => {
    const { probe, reload } = renderRecovery(['unreachable', 'unreachable', 'found']);
    await goOnline();
    expect(probe).toHaveBeenCalledTimes(1);
    await advance(nextCheckDelayMs(0) - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    await advance(nextCheckDelayMs(1));
    expect(probe).toHaveBeenCalledTimes(3);
    expect(reload).toHaveBeenCalledTimes(1);
    await advance(nextCheckDelayMs(5));
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('says a new version is out when the server that answers no longer has the file, and does not reload', async () => {
    const { probe, reload, result } = renderRecovery(['missing']);
    await goOnline();
    expect(result.current.kind).toBe('new-version');
    await advance(nextCheckDelayMs(5));
    expect(probe).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('checks at once on "Try again"', async () => {
    const { probe, reload, result } = renderRecovery(['found']);
    act(() => {
      result.current.checkNow();
    });
    await advance(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops checking when the page is left', async () => {
    const { probe, unmount } = renderRecovery([]);
    unmount();
    await goOnline();
    await advance(nextCheckDelayMs(5));
    expect(probe).not.toHaveBeenCalled();
  });

  it('waits a few seconds, then up to a minute, between checks', () => {
    expect([0, 1, 2, 3, 4, 10].map(nextCheckDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});
