// Choosing the lines a new comment talks about: a click, a shift-click or a drag over line numbers.
import type { CommentTarget } from "../diff/diff-rows.js";

export interface LinePick {
  readonly file: string;
  readonly side: "new" | "old";
  readonly line: number;
  /** Shift-click or drag: grow the current range instead of starting over. */
  readonly extend: boolean;
}

/** The chosen range and the line the person started from, which stays fixed while the range grows. */
export interface LineSelection {
  readonly target: CommentTarget;
  readonly origin: number;
}

/**
 * The selection after a pick: extending works within one file and side, otherwise a one-line range starts.
 * @example pickLines(null, { file: "a.ts", side: "new", line: 3, extend: false }).target // a.ts new 3..3
 */
export function pickLines(current: LineSelection | null, pick: LinePick): LineSelection {
  const t = current?.target;
  if (pick.extend && current && t && t.file === pick.file && t.side === pick.side && t.start !== null) {
    const from = Math.min(current.origin, pick.line);
    const to = Math.max(current.origin, pick.line);
    return { target: { file: pick.file, side: pick.side, start: from, end: to }, origin: current.origin };
  }
  return { target: { file: pick.file, side: pick.side, start: pick.line, end: pick.line }, origin: pick.line };
}

/**
 * Whether a line lies inside the chosen range.
 * @example inRange({ file: "a.ts", side: "new", start: 3, end: 5 }, "a.ts", "new", 4) // true
 */
export function inRange(target: CommentTarget | null, file: string, side: "new" | "old", line: number | null): boolean {
  return (
    !!target &&
    line !== null &&
    target.file === file &&
    target.side === side &&
    target.start !== null &&
    target.end !== null &&
    line >= target.start &&
    line <= target.end
  );
}
