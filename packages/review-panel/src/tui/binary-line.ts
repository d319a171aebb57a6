// A changed binary file in the terminal is one line of text where the web panel shows the images:
// `PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed`; an added or deleted file has one side. The
// type and sizes show at once; the share follows when the backend's decode (off this thread) ends.
import { binarySummary, changedShareText } from "../state/binary-summary.js";
import type { BinarySide, ImageComparison } from "./review-backend.js";

/**
 * The line for a binary file's two sides: type, dimensions and sizes, and for an image changed on both
 * sides the share of pixels changed (`comparing pixels…` while it is decoded), or why there is none.
 * @example binaryLine({ before: png640, after: png640b }, { state: "compared", difference }) // "PNG 640x480 · 12 KB → 14 KB · 3.2% of pixels changed"
 */
export function binaryLine(
  sides: { readonly before: BinarySide | null; readonly after: BinarySide | null },
  comparison: ImageComparison | "pending" | null = null,
): string {
  const { before, after } = sides;
  const summary = binarySummary(before, after);
  if (!before || !after || !(before.image || after.image)) return summary || "Binary file: not in either version.";
  if (comparison === "pending") return `${summary} · comparing pixels…`;
  if (comparison?.state === "compared") return `${summary} · ${changedShareText(comparison.difference)}`;
  const why = comparison?.why ?? after.undecoded ?? before.undecoded;
  return why ? `${summary} · ${why}` : summary;
}
