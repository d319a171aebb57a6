// Small image files with known pixels for the image-diff browser tests, encoded here byte by byte:
// PNG (zlib from Node) and BMP (uncompressed); JPEG and WebP come from Chromium's own encoder.
import { crc32, deflateSync } from "node:zlib";

/** Paints one RGBA pixel. */
export type Paint = (x: number, y: number) => readonly [number, number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGBA PNG of `width` x `height` painted by `paint`.
 * @example png(64, 48, () => [255, 255, 255, 255])
 */
export function png(width: number, height: number, paint: Paint): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // no filter
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/**
 * A 24-bit BMP (bottom-up rows, padded to 4 bytes) painted by `paint`; alpha is dropped.
 * @example bmp(8, 8, () => [0, 0, 255, 255])
 */
export function bmp(width: number, height: number, paint: Paint): Uint8Array {
  const row = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + row * height;
  const out = Buffer.alloc(size);
  out.write("BM", 0, "ascii");
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, height - 1 - y);
      out.set([b, g, r], 54 + y * row + x * 3);
    }
  return new Uint8Array(out);
}

/**
 * A two-colour GIF: `paint` picks palette entry 0 or 1 per pixel. Written without compression to speak
 * of: a clear code before every two pixels keeps LZW's codes 3 bits wide.
 * @example gif(8, 8, [[255, 255, 255], [0, 0, 0]], (x, y) => (x === y ? 1 : 0))
 */
export function gif(
  width: number,
  height: number,
  palette: readonly [readonly number[], readonly number[]],
  paint: (x: number, y: number) => 0 | 1,
): Uint8Array {
  const codes: number[] = [];
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (n++ % 2 === 0) codes.push(4); // clear
      codes.push(paint(x, y));
    }
  codes.push(5); // end of information
  const packed: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      packed.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) packed.push(buffer & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < packed.length; i += 255) {
    const part = packed.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  const word = (v: number) => [v & 0xff, v >> 8];
  return new Uint8Array([
    ...Buffer.from("GIF89a", "ascii"),
    ...word(width),
    ...word(height),
    0x80,
    0,
    0, // global palette of 2 entries
    ...palette[0],
    ...palette[1],
    0x2c,
    ...word(0),
    ...word(0),
    ...word(width),
    ...word(height),
    0, // image descriptor
    2,
    ...blocks,
    0, // LZW minimum code size, data, block terminator
    0x3b,
  ]);
}
