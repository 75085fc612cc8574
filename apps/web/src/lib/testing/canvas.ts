import { vi } from 'vitest';

export type StubbedCanvas = { drawn: string[] };

/**
 * jsdom draws nothing: a 2D context that records the text it is asked to draw (each character 14 px wide)
 * and a PNG from toBlob.
 */
export function stubCanvas(): StubbedCanvas {
  const stubbed: StubbedCanvas = { drawn: [] };
  const context = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === 'measureText') return (text: string) => ({ width: text.length * 14 });
        if (key === 'fillText')
          return (text: string) => {
            stubbed.drawn.push(text);
          };
        return () => undefined;
      },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => {
    callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
  });
  return stubbed;
}
