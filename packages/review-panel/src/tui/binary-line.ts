// A changed binary file in the terminal is one line of text where the web panel shows the images:
// `PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed`; an added or deleted file has one side.
import { binarySummary, changedShareText } from "../state/binary-summary.js";
import { pixelDifference } from "../state/image-difference.js";
import type { BinarySide } from "./review-backend.js";

/**
 * The line for a binary file's two sides: type, dimensions and sizes, and for an image changed on both
 * sides the share of pixels changed, or why there is none.
 * @example binaryLine({ before: png640, after: png640b }) // "PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed"
 */
export function binaryLine(sides: { readonly before: BinarySide | null; readonly after: BinarySide | null }): string {
  const { before, after } = sides;
  const summary = binarySummary(before, after);
  if (!before || !after || !(before.image || after.image)) return summary || "Binary file: not in either version.";
  if (before.pixels && after.pixels) return `${summary} · ${changedShareText(pixelDifference(before.pixels, after.pixels))}`;
  const why = after.undecoded ?? before.undecoded;
  return why ? `${summary} · ${why}` : summary;
}
