// The words both panels use for a changed binary file: its type, its size in pixels, its sizes and how
// much of it changed. The web panel shows them above its images; the terminal has only these words.
import type { ImageDifference } from "@opencode-review/core";
import { byteSize } from "./byte-size.js";

/** What is known of one side of a binary file: the short type name, its bytes, and for an image its size in pixels. */
export interface BinarySideFacts {
  readonly label: string;
  readonly size: number;
  readonly dimensions: { readonly width: number; readonly height: number } | null;
}

/**
 * Type, dimensions and sizes of a binary file's two sides (an added or deleted file has one).
 * @example binarySummary({ label: "PNG", size: 12_288, dimensions: { width: 640, height: 480 } }, { label: "PNG", size: 14_336, dimensions: { width: 640, height: 480 } }) // "PNG 640x480 · 12 KB → 14 KB"
 */
export function binarySummary(before: BinarySideFacts | null, after: BinarySideFacts | null): string {
  const one = after ?? before;
  if (!one) return "";
  const dims = [before?.dimensions, after?.dimensions].filter((s) => !!s).map((s) => `${s!.width}x${s!.height}`);
  const shownDims = dims.length === 2 && dims[0] === dims[1] ? [dims[0]] : dims;
  const label = before && after && before.label !== after.label ? `${before.label} → ${after.label}` : one.label;
  const sizes =
    before && after
      ? `${byteSize(before.size)} → ${byteSize(after.size)}`
      : after
        ? `${byteSize(after.size)} (added)`
        : `${byteSize(before!.size)} (deleted)`;
  return [label + (shownDims.length ? ` ${shownDims.join(" → ")}` : ""), sizes].join(" · ");
}

/**
 * The changed pixels' share as a percentage people read ("<0.1" below a tenth of a percent).
 * @example pixelShare({ share: 0.032, ... }) // "3.2"
 */
export function pixelShare(difference: ImageDifference): string {
  const percent = difference.share * 100;
  return percent < 0.1 && difference.changed > 0 ? "<0.1" : percent.toFixed(1);
}

/**
 * The share of pixels that changed, in a few words.
 * @example changedShareText(difference) // "3.2% of pixels changed"
 */
export function changedShareText(difference: ImageDifference): string {
  return difference.changed === 0 ? "no pixels changed" : `${pixelShare(difference)}% of pixels changed`;
}
