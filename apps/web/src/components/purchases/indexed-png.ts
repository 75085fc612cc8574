/**
 * A picture of text on flat colours as a palette PNG: each channel rounded to a multiple of 16 (invisible on
 * anti-aliased text), at most 256 colours, one byte a pixel. About a quarter of the bytes of the browser's own
 * PNG, which keeps every pixel in four bytes. Alpha is dropped: the picture must be opaque.
 */

const STEP = 16;
const LEVELS = Math.round(255 / STEP) + 1;
const MAX_COLOURS = 256;

const levelOf = Uint8Array.from({ length: 256 }, (_, value) => Math.round(value / STEP));
const valueOf = (level: number) => Math.min(255, level * STEP);

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const { readable, writable } = new CompressionStream('deflate');
  const writer = writable.getWriter();
  const [, compressed] = await Promise.all([
    writer.write(bytes).then(() => writer.close()),
    new Response(readable).arrayBuffer(),
  ]);
  return new Uint8Array(compressed);
}

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The pixels as a palette PNG; null when they hold more than 256 colours or the browser cannot compress. */
export async function encodeIndexedPng(pixels: {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}): Promise<Blob | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const { width, height, data } = pixels;
  const slots = new Int16Array(LEVELS ** 3).fill(-1);
  const palette: number[] = [];
  // each row starts with its filter type, 0: none
  const rows = new Uint8Array((width + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y++) {
    rows[at++] = 0;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      const r = levelOf[data[i] as number] as number;
      const g = levelOf[data[i + 1] as number] as number;
      const b = levelOf[data[i + 2] as number] as number;
      const key = (r * LEVELS + g) * LEVELS + b;
      let slot = slots[key] as number;
      if (slot < 0) {
        if (palette.length / 3 >= MAX_COLOURS) return null;
        slot = palette.length / 3;
        slots[key] = slot;
        palette.push(valueOf(r), valueOf(g), valueOf(b));
      }
      rows[at++] = slot;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  // 8 bits a pixel, colour type 3 (palette), deflate, no filter method, no interlace
  header.set([8, 3, 0, 0, 0], 8);
  return new Blob(
    [
      SIGNATURE,
      chunk('IHDR', header),
      chunk('PLTE', Uint8Array.from(palette)),
      chunk('IDAT', await deflate(rows)),
      chunk('IEND', new Uint8Array(0)),
    ],
    { type: 'image/png' },
  );
}
