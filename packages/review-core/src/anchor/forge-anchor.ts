import { CONTEXT_LINES } from "./types.js";
import { splitLines } from "../diff/split-lines.js";
import type { Anchor, Side } from "./types.js";

export interface ForgeAnchorInput {
  readonly side: Side;
  /** The comment's lines in `text` (1-based, inclusive); `start` null for one line. */
  readonly start: number | null;
  readonly end: number;
  /** The whole file as the comment read it (at its commit, or the work tree when that commit is not here). */
  readonly text: string;
  /** The forge's diff hunk shown above the comment: it ends at the commented line and carries the markers. */
  readonly diffHunk: string;
}

/**
 * The anchor of a comment pulled from a pull request: its lines quoted from the file it was written on,
 * each with the marker the pull request's diff gives it (from the comment's diff hunk, whose last lines
 * are the commented ones), and up to three lines of context each side. Null when the lines are past the
 * end of the text (the forge's line numbers do not fit this file), so the caller pins the whole file.
 * @example forgeAnchor({ side: "new", start: null, end: 2, text: "a\nb\n", diffHunk: "@@ -1 +1,2 @@\n a\n+b" })?.quoted // ["+b"]
 */
export function forgeAnchor(input: ForgeAnchorInput): Anchor | null {
  const lines = splitLines(input.text);
  const start = input.start ?? input.end;
  if (start < 1 || input.end < start || input.end > lines.length) return null;
  const range = lines.slice(start - 1, input.end);
  const markers = hunkMarkers(input.diffHunk, input.side, range);
  return {
    side: input.side,
    start,
    end: input.end,
    quoted: range.map((line, i) => `${markers[i] ?? (input.side === "old" ? "-" : " ")}${line}`),
    context: {
      before: lines.slice(Math.max(0, start - 1 - CONTEXT_LINES), start - 1),
      after: lines.slice(input.end, input.end + CONTEXT_LINES),
    },
  };
}

// The hunk's lines on the comment's side, last ones first matched against the range: where they read the
// same, their markers are the pull request's; where not (the hunk is cut short, or the file differs), none.
function hunkMarkers(diffHunk: string, side: Side, range: readonly string[]): (string | undefined)[] {
  const sideLines = diffHunk
    .split("\n")
    .filter((l) => !l.startsWith("@@") && !l.startsWith("\\"))
    .filter((l) => (side === "new" ? !l.startsWith("-") : !l.startsWith("+")));
  const tail = sideLines.slice(-range.length);
  if (tail.length !== range.length) return [];
  return tail.map((l, i) => (l.slice(1) === range[i] ? l.charAt(0) || " " : undefined));
}
