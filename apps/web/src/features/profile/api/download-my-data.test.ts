import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client.ts';
import { downloadTexts, fetchMyData } from './download-my-data.ts';

/** A response whose body arrives in `pieces`, then fails when `failAfter` pieces have gone (a cut connection). */
function streamed(pieces: string[], options: { failAfter?: number; headers?: HeadersInit } = {}) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === options.failAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      const piece = pieces[sent];
      sent += 1;
      if (piece === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(piece));
    },
  });
  return new Response(body, { status: 200, headers: options.headers });
}

describe('fetching "my data" before saving it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the whole file and the name the server gives it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          streamed(['{"exportedAt":"x",', '"statement":[]}'], {
            headers: { 'content-disposition': 'attachment; filename="quickvend-my-data-2025-03-12.json"' },
          }),
        ),
      ),
    );
    const { file, name } = await fetchMyData();
    expect(await file.text()).toBe('{"exportedAt":"x","statement":[]}');
    expect(name).toBe('quickvend-my-data-2025-03-12.json');
  });

  it('never hands over a file the connection cut midway, nor one that ended early', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(streamed(['{"statement":[', '{"id":1}'], { failAfter: 1 }))),
    );
    const cut = await fetchMyData().catch((error: unknown) => error);
    expect(isApiError(cut) && cut.message).toBe(downloadTexts.cutOff);

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(streamed(['{"statement":[', '{"id":1},{"id":2']))),
    );
    const short = await fetchMyData().catch((error: unknown) => error);
    expect(isApiError(short) && short.message).toBe(downloadTexts.cutOff);
  });
});
