// The two versions of a changed binary file as the terminal half reads them. The web panel decodes its
// images in the browser with a canvas; the terminal has none. Its line shows at once what the bytes and
// the headers tell (image-size reads the size in pixels of every format the panel shows, without
// decoding), and the share of pixels changed when a worker has decoded both versions (image-comparer.ts:
// PNG and JPEG, within the decode budget). GIF, WebP, BMP and SVG get their type, size in pixels and bytes,
// and say that no share is computed.
import { ReviewError } from "@opencode-review/core";
import { imageSize } from "image-size";
import type { FileType } from "../service/files/file-type.js";
import { blobId } from "../service/files/file-bytes.js";
import { imageBudget } from "./image-budget.js";
import type { ComparedImage, ImageComparer, ImageComparison } from "./image-comparer.js";

/** One side, in the shape the panel's terminal half reads (`BinarySide` there). */
export interface DecodedSide {
  readonly label: string;
  readonly size: number;
  readonly image: boolean;
  readonly dimensions: { readonly width: number; readonly height: number } | null;
  /** Why this side's pixels are not compared, when they are not. */
  readonly undecoded?: string;
}

function dimensionsOf(bytes: Uint8Array): { readonly width: number; readonly height: number } | null {
  try {
    const size = imageSize(bytes);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    // A truncated or odd file: its type and bytes are still worth showing.
    return null;
  }
}

const decodable = (mime: string): mime is ComparedImage["mime"] => mime === "image/png" || mime === "image/jpeg";

/**
 * What one side of a binary file shows at once: type, bytes, and for images the size in pixels from the
 * header, and why its pixels will not be compared when they will not (nothing is decoded here).
 * @example describeSide(pngBytes, { mime: "image/png", label: "PNG", image: true }) // { label: "PNG", size: 1234, image: true, dimensions: { width: 64, height: 48 } }
 */
export function describeSide(bytes: Uint8Array, type: FileType): DecodedSide {
  const base = { label: type.label, size: bytes.length, image: type.image };
  if (!type.image) return { ...base, dimensions: null };
  const dimensions = dimensionsOf(bytes);
  if (type.mime === "image/svg+xml")
    return { ...base, dimensions, undecoded: "no pixel share for SVG (drawn, not stored as pixels)" };
  if (!decodable(type.mime))
    return {
      ...base,
      dimensions,
      undecoded: `no pixel share for ${type.label} in the terminal (the web panel shows it)`,
    };
  const budget = imageBudget(bytes, type.mime);
  return budget.state === "refused" ? { ...base, dimensions, undecoded: budget.why } : { ...base, dimensions };
}

/** The service call the sides are read through: a file's bytes and type at a ref. */
export type ReadFileBytes = (query: {
  readonly path: string;
  readonly ref: string;
}) => Promise<{ readonly bytes: Uint8Array; readonly type: FileType }>;

/** Both sides, and the comparison of their pixels while it runs (null when there is none to make). */
export interface BinaryVersions {
  readonly before: DecodedSide | null;
  readonly after: DecodedSide | null;
  readonly comparison: Promise<ImageComparison> | null;
}

/**
 * Both sides of a binary file over a range: the old path at `from`, the new path at `to`; an added file
 * has no before, a deleted one no after. Two PNG or JPEG sides within the budget are compared by `compare`.
 * @example const { before, after, comparison } = await binaryVersions(service.fileBytes, compare, file, { from: "base", to: "worktree" })
 */
export async function binaryVersions(
  read: ReadFileBytes,
  compare: ImageComparer,
  file: { readonly path: string; readonly oldPath: string | null; readonly status: string },
  range: { readonly from: string; readonly to: string },
): Promise<BinaryVersions> {
  const side = async (path: string, ref: string) => {
    try {
      const { bytes, type } = await read({ path, ref });
      return { bytes, type, facts: describeSide(bytes, type) };
    } catch (error) {
      if (error instanceof ReviewError && error.code === "not_found") return null;
      throw error;
    }
  };
  const [before, after] = await Promise.all([
    file.status === "added" ? null : side(file.oldPath ?? file.path, range.from),
    file.status === "deleted" ? null : side(file.path, range.to),
  ]);
  const comparable = (s: typeof before): s is NonNullable<typeof before> & { type: { mime: ComparedImage["mime"] } } =>
    s !== null && decodable(s.type.mime) && s.facts.undecoded === undefined;
  const comparison =
    comparable(before) && comparable(after)
      ? Promise.all([blobId(before.bytes), blobId(after.bytes)]).then(([a, b]) =>
          compare(
            { bytes: before.bytes, mime: before.type.mime, blob: a },
            { bytes: after.bytes, mime: after.type.mime, blob: b },
          ),
        )
      : null;
  return { before: before?.facts ?? null, after: after?.facts ?? null, comparison };
}
