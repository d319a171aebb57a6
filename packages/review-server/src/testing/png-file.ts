// PNG files written byte by byte for the image tests and the decode bench: any size, bit depth, colour type
// and row filter, and headers that lie about their size (the decompression bomb a hostile pass found).
// pngjs writes only 8-bit files with its own filter choice, which cannot make these.
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const channelsOf = { 0: 1, 2: 3, 4: 2, 6: 4 } as const;

export interface PngFileSpec {
  readonly width: number;
  readonly height: number;
  /** 8 or 16. */
  readonly bitDepth?: 8 | 16;
  /** 0 grey, 2 RGB, 4 grey and alpha, 6 RGBA. */
  readonly colorType?: 0 | 2 | 4 | 6;
  /** The filter byte of every row: 0 none, 4 Paeth (each byte then costs more to decode). */
  readonly filter?: 0 | 4;
  /** Changes the content (a second version of the same picture). */
  readonly seed?: number;
}

/**
 * A valid PNG of a picture with some texture (a gradient and a little noise), as deflate level 1 writes it.
 * @example pngFile({ width: 6000, height: 6000, colorType: 2 }) // a 36-megapixel RGB PNG
 */
export function pngFile(spec: PngFileSpec): Buffer {
  const depth = spec.bitDepth ?? 8;
  const colorType = spec.colorType ?? 2;
  const rowBytes = (spec.width * channelsOf[colorType] * depth) / 8;
  const raw = Buffer.alloc((rowBytes + 1) * spec.height);
  let noise = 0x2545f491 ^ (spec.seed ?? 0);
  for (let y = 0; y < spec.height; y++) {
    const at = y * (rowBytes + 1);
    // Paeth over this content is still a valid file: the decoder runs the filter whatever the bytes are.
    raw[at] = spec.filter ?? 0;
    for (let i = 0; i < rowBytes; i++) {
      noise ^= noise << 13;
      noise ^= noise >>> 17;
      noise ^= noise << 5;
      // Noise in one byte of eight: texture to compress, without making a 36-megapixel file 100 MB.
      raw[at + 1 + i] = ((i >> 3) + y + (spec.seed ?? 0) + ((i & 7) === 0 ? noise & 7 : 0)) & 0xff;
    }
  }
  return pngOf(spec.width, spec.height, depth, colorType, deflateSync(raw, { level: 1 }));
}

/**
 * A tiny PNG whose header claims `width` x `height` pixels over a few bytes of compressed data.
 * @example pngBomb(1, 40_000_000) // 70 bytes that claim 40 megapixels
 */
export function pngBomb(width: number, height: number): Buffer {
  return pngOf(width, height, 8, 2, deflateSync(Buffer.alloc(0)));
}

function pngOf(width: number, height: number, depth: number, colorType: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
