// The two versions of a changed binary file as the terminal half reads them. The web panel decodes its
// images in the browser with a canvas; the terminal has none, so the images are decoded here, in the TUI's
// own thread (Bun inside opencode), with pure-JS libraries: image-size reads the size in pixels of every
// format the panel shows, pngjs and jpeg-js decode PNG and JPEG for the share of pixels changed. GIF,
// WebP, BMP and SVG get their type, size in pixels and bytes, and say that no share is computed.
import { ReviewError } from "@opencode-review/core";
import { imageSize } from "image-size";
import * as jpeg from "jpeg-js";
import { PNG } from "pngjs";
import type { FileType } from "../service/file-type.js";

/** One side, in the shape the panel's terminal half reads (`BinarySide` there). */
export interface DecodedSide {
  readonly label: string;
  readonly size: number;
  readonly image: boolean;
  readonly dimensions: { readonly width: number; readonly height: number } | null;
  readonly pixels: { readonly width: number; readonly height: number; readonly data: Uint8Array } | null;
  readonly undecoded?: string;
}

/** Past this many pixels a side is not decoded: 40 megapixels are 160 MB of RGBA in the TUI's thread. */
export const maxDecodedPixels = 40_000_000;

function dimensionsOf(bytes: Uint8Array): { readonly width: number; readonly height: number } | null {
  try {
    const size = imageSize(bytes);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    // A truncated or odd file: its type and bytes are still worth showing.
    return null;
  }
}

function decode(bytes: Uint8Array, mime: string): { readonly width: number; readonly height: number; readonly data: Uint8Array } | null {
  if (mime === "image/png") {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: png.data };
  }
  if (mime === "image/jpeg") {
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 });
    return { width: image.width, height: image.height, data: image.data };
  }
  return null;
}

/**
 * What one side of a binary file shows: type, bytes, and for images the size in pixels and the pixels
 * where this half can decode them (a file that fails to decode says so instead of failing the line).
 * @example decodeSide(pngBytes, { mime: "image/png", label: "PNG", image: true }) // { label: "PNG", size: 1234, dimensions: { width: 64, height: 48 }, pixels: {...} }
 */
export function decodeSide(bytes: Uint8Array, type: FileType): DecodedSide {
  const base = { label: type.label, size: bytes.length, image: type.image };
  if (!type.image) return { ...base, dimensions: null, pixels: null };
  const dimensions = dimensionsOf(bytes);
  if (type.mime === "image/svg+xml") return { ...base, dimensions, pixels: null, undecoded: "no pixel share for SVG (drawn, not stored as pixels)" };
  if (type.mime !== "image/png" && type.mime !== "image/jpeg") {
    return { ...base, dimensions, pixels: null, undecoded: `no pixel share for ${type.label} in the terminal (the web panel shows it)` };
  }
  if (dimensions && dimensions.width * dimensions.height > maxDecodedPixels) {
    return { ...base, dimensions, pixels: null, undecoded: "too large to compare pixels here" };
  }
  try {
    const pixels = decode(bytes, type.mime);
    return { ...base, dimensions: dimensions ?? (pixels ? { width: pixels.width, height: pixels.height } : null), pixels };
  } catch (error) {
    return { ...base, dimensions, pixels: null, undecoded: `${type.label} could not be decoded (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** The service call the sides are read through: a file's bytes and type at a ref. */
export type ReadFileBytes = (query: { readonly path: string; readonly ref: string }) => Promise<{ readonly bytes: Uint8Array; readonly type: FileType }>;

/**
 * Both sides of a binary file over a range: the old path at `from`, the new path at `to`; an added file
 * has no before, a deleted one no after.
 * @example await binaryVersions(service.fileBytes, file, { from: "base", to: "worktree" })
 */
export async function binaryVersions(
  read: ReadFileBytes,
  file: { readonly path: string; readonly oldPath: string | null; readonly status: string },
  range: { readonly from: string; readonly to: string },
): Promise<{ readonly before: DecodedSide | null; readonly after: DecodedSide | null }> {
  const side = async (path: string, ref: string) => {
    try {
      const { bytes, type } = await read({ path, ref });
      return decodeSide(bytes, type);
    } catch (error) {
      if (error instanceof ReviewError && error.code === "not_found") return null;
      throw error;
    }
  };
  const [before, after] = await Promise.all([
    file.status === "added" ? null : side(file.oldPath ?? file.path, range.from),
    file.status === "deleted" ? null : side(file.path, range.to),
  ]);
  return { before, after };
}
