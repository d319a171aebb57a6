// What decoding an image would cost, read from its header and checked against its data before anything
// is allocated. A decoder believes the header: a 65-byte PNG claiming 1 x 40,000,000 pixels cost a minute
// and 5.5 GB under Bun. No compressed data can inflate past zlib's ceiling of about 1032:1, and a JPEG
// spends at least one bit per 8x8 block of its sparsest component, so a file too small for the pixels its
// header claims is refused at once; what is left is capped by the bytes decoding holds (bit depth and
// channels counted), not by a pixel count that treats a 16-bit RGBA image like an 8-bit grey one.

/** Bytes a decode may hold for one image: its decompressed data and its RGBA pixels (36 megapixels of 8-bit RGB fit). */
export const maxDecodedBytes = 256 * 1024 * 1024;

/** Deflate's best case: a 258-byte match in about two bits, so one compressed byte never inflates past this. */
const zlibMaxRatio = 1032;

/** The fewest pixels one compressed byte of a JPEG scan can stand for: 8 bits, each at least a block of 8x8 sampled 4x4 at most. */
const jpegMaxPixelsPerByte = 8 * 64 * 16;

export type ImageBudget =
  | { readonly state: "fits"; readonly width: number; readonly height: number; readonly decodedBytes: number }
  | { readonly state: "refused"; readonly why: string };

const channelsOfPng: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function refusedForSize(width: number, height: number, decodedBytes: number): ImageBudget {
  const mb = Math.ceil(decodedBytes / 1024 / 1024);
  return {
    state: "refused",
    why: `too large to compare pixels here (${width}x${height} decodes to ${mb} MB; the terminal decodes up to ${maxDecodedBytes / 1024 / 1024} MB)`,
  };
}

function pngBudget(bytes: Uint8Array): ImageBudget {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (bytes.length < 33 || ascii(12) !== "IHDR")
    return { state: "refused", why: "PNG could not be decoded (no IHDR header)" };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = bytes[24]!;
  const channels = channelsOfPng[bytes[25]!];
  if (width === 0 || height === 0 || channels === undefined || ![1, 2, 4, 8, 16].includes(depth)) {
    return { state: "refused", why: "PNG could not be decoded (its header is not a valid one)" };
  }
  // Each row is its filter byte and its packed samples; pngjs holds these and the RGBA pixels at once.
  const inflated = height * (1 + Math.ceil((width * channels * depth) / 8));
  const decodedBytes = inflated + width * height * 4;
  let compressed = 0;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    if (ascii(at + 4) === "IDAT") compressed += Math.min(length, bytes.length - at - 8);
    at += 12 + length;
  }
  if (compressed * zlibMaxRatio < inflated) {
    return {
      state: "refused",
      why: `PNG could not be decoded (its header claims ${width}x${height} pixels, more than its ${bytes.length} bytes can hold)`,
    };
  }
  return decodedBytes > maxDecodedBytes
    ? refusedForSize(width, height, decodedBytes)
    : { state: "fits", width, height, decodedBytes };
}

function jpegBudget(bytes: Uint8Array): ImageBudget {
  // The frame header (SOF0-SOF15 but DHT, JPG and DAC) gives the size and the components; markers before it are skipped by their length.
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff)
      return { state: "refused", why: "JPEG could not be decoded (a marker is not where its length says)" };
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      const components = bytes[at + 9]!;
      if (width === 0 || height === 0 || components === 0)
        return { state: "refused", why: "JPEG could not be decoded (its frame header is not a valid one)" };
      if (bytes.length * jpegMaxPixelsPerByte < width * height) {
        return {
          state: "refused",
          why: `JPEG could not be decoded (its header claims ${width}x${height} pixels, more than its ${bytes.length} bytes can hold)`,
        };
      }
      // jpeg-js keeps one byte a sample per component, then writes the RGBA pixels.
      const decodedBytes = width * height * (components + 4);
      return decodedBytes > maxDecodedBytes
        ? refusedForSize(width, height, decodedBytes)
        : { state: "fits", width, height, decodedBytes };
    }
    at += 2 + length;
  }
  return { state: "refused", why: "JPEG could not be decoded (no frame header)" };
}

/**
 * Whether a PNG or JPEG may be decoded here, from its header and its length alone (nothing is decoded).
 * @example imageBudget(pngBytes, "image/png") // { state: "fits", width: 640, height: 480, decodedBytes: 2_150_880 }
 */
export function imageBudget(bytes: Uint8Array, mime: "image/png" | "image/jpeg"): ImageBudget {
  return mime === "image/png" ? pngBudget(bytes) : jpegBudget(bytes);
}
