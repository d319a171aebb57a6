import { diffLines } from "@opencode-review/core";
import { byteLines, lineOffsets, linesBytes, spliceLines, type LineSpan } from "./file-lines.js";

/** A change as kept: the file before it, the span it replaced, and the lines it wrote there. */
export interface KeptChange {
  readonly before: Uint8Array;
  readonly beforeSpan: LineSpan;
  readonly afterSpan: LineSpan;
  readonly written: Uint8Array;
}

/**
 * The file a change wrote: `before` with the written lines in place of the replaced span.
 * @example writtenFile(kept).equals(bytesOnDisk)
 */
export function writtenFile(kept: KeptChange): Buffer {
  return spliceLines(kept.before, kept.beforeSpan, kept.written);
}

/**
 * The bytes that restore a change over the file as it reads now: the replaced lines put back where the written
 * ones are now, every other line as it reads now. Null when the written lines were edited since (or lines were
 * added among them), so that putting the old ones back would overwrite newer work.
 * @example restoredBytes(kept, now) // Buffer, or null: stale
 */
export function restoredBytes(kept: KeptChange, now: Uint8Array): Buffer | null {
  const after = writtenFile(kept);
  if (after.equals(now)) return Buffer.from(kept.before);
  const { start, lines } = kept.afterSpan;
  const end = start + lines;
  let shift = 0;
  for (const hunk of diffLines(byteLines(after), byteLines(now, lineOffsets(now)))) {
    // diffLines' hunks carry no context: a side with no lines sits before line `oldStart` (1-based).
    const from = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    const to = from + hunk.oldLines;
    if (to < start || (to === start && (hunk.oldLines > 0 || lines > 0))) {
      shift += hunk.newLines - hunk.oldLines;
      continue;
    }
    if (from > end || (from === end && lines > 0)) continue;
    return null;
  }
  const replaced = linesBytes(kept.before, kept.beforeSpan);
  return spliceLines(now, { start: start + shift, lines }, replaced);
}
