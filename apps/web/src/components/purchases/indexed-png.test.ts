import { describe, expect, it } from 'vitest';
import { encodeIndexedPng } from './indexed-png.ts';

type Chunk = { type: string; data: Uint8Array; crc: number };

function chunksOf(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length), crc: view.getUint32(at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const { readable, writable } = new DecompressionStream('deflate');
  const writer = writable.getWriter();
  const [, inflated] = await Promise.all([
    writer.write(new Uint8Array(bytes)).then(() => writer.close()),
    new Response(readable).arrayBuffer(),
  ]);
  return new Uint8Array(inflated);
}

/** `width` x `height` pixels, each the colour `colourAt` gives, fully opaque. */
function pixels(width: number, height: number, colourAt: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([...colourAt(x, y), 255], (y * width + x) * 4);
  return { width, height, data };
}

describe('a palette PNG of the receipt picture', () => {
  it('is a valid PNG whose pixels are the colours drawn, rounded to steps of 16', async () => {
    const image = pixels(
      3,
      2,
      (x, y) =>
        (y === 0
          ? [
              [255, 255, 255],
              [17, 24, 39],
              [20, 83, 45],
            ][x]
          : [255, 255, 255]) as [number, number, number],
    );
    const blob = await encodeIndexedPng(image);
    expect(blob?.type).toBe('image/png');
    const png = new Uint8Array(await (blob as Blob).arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const chunks = chunksOf(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    for (const chunk of chunks) {
      const type = Array.from({ length: 4 }, (_, i) => chunk.type.charCodeAt(i));
      const typed = new Uint8Array([...type, ...chunk.data]);
      expect(chunk.crc).toBe(crc32(typed));
    }
    const [header, palette, idat] = chunks as [Chunk, Chunk, Chunk];
    const dimensions = new DataView(header.data.buffer, header.data.byteOffset);
    expect([dimensions.getUint32(0), dimensions.getUint32(4), ...header.data.subarray(8)]).toEqual([
      3, 2, 8, 3, 0, 0, 0,
    ]);
    expect([...palette.data]).toEqual([255, 255, 255, 16, 32, 32, 16, 80, 48]);
    // each row: filter 0, then one palette index a pixel
    expect([...(await inflate(idat.data))]).toEqual([0, 0, 1, 2, 0, 0, 0, 0]);
  });

  it('gives way to the browser PNG when the picture holds more than 256 colours', async () => {
    const rainbow = pixels(300, 1, (x) => [(x * 16) % 256, Math.floor(x / 16) * 16, 0]);
    expect(await encodeIndexedPng(rainbow)).toBeNull();
    const few = pixels(256, 1, (x) => [(x % 16) * 16, Math.floor(x / 16) * 16, 0]);
    expect(await encodeIndexedPng(few)).not.toBeNull();
  });
});
