import { pathNow, renamedFrom } from "../review/path-now.js";
import type { Thread } from "../review/types.js";

export type Placed = Pick<Thread, "file" | "side" | "start" | "end" | "anchor">;

/**
 * A line range in words: one line alone, or first-last.
 * @example lineRange(12, 14) // "12-14"
 */
export function lineRange(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

/**
 * Where a thread is now, for a model: `src/a.ts:12-14`, `src/a.ts (whole file)`, or for a comment
 * on deleted lines `src/a.ts, deleted lines 3-4 of the base`. The file is named by its path now; a file
 * renamed since the comment adds where it was renamed from, once. A thread whose lines are gone keeps
 * the place it was written at, so the model can still find the quote.
 * @example describePlace({ file: "src/a.ts", side: "new", start: 10, end: 12, anchor: { state: "moved", start: 12, end: 14 } }) // "src/a.ts:12-14"
 */
export function describePlace(thread: Placed): string {
  return `${placeNow(thread)}${renamedNote(thread)}`;
}

function placeNow(thread: Placed): string {
  const file = pathNow(thread);
  if (thread.start === null || thread.end === null) return `${file} (whole file)`;
  const start = thread.anchor.start ?? thread.start;
  const end = thread.anchor.end ?? thread.end;
  if (thread.side === "old") {
    return `${file}, deleted ${start === end ? "line" : "lines"} ${lineRange(start, end)} of the base`;
  }
  return `${file}:${lineRange(start, end)}`;
}

/**
 * ` (renamed from src/old.ts)` when the thread's file was renamed since it was written, else nothing.
 * @example renamedNote({ file: "src/util.ts", side: "new", start: 2, end: 2, anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" } }) // " (renamed from src/util.ts)"
 */
export function renamedNote(thread: Pick<Thread, "file" | "anchor">): string {
  const from = renamedFrom(thread);
  return from === null ? "" : ` (renamed from ${from})`;
}

/**
 * The anchor state in words: `current`, `moved from 10-12`, `changed since the comment (whitespace
 * only)`, `outdated: the lines are gone`.
 * @example describeAnchor({ file: "a.ts", side: "new", start: 10, end: 12, anchor: { state: "moved", start: 20, end: 22 } }) // "moved from 10-12"
 */
export function describeAnchor(thread: Placed): string {
  const whole = thread.start === null || thread.end === null;
  switch (thread.anchor.state) {
    case "current":
      return "current";
    case "moved":
      return whole ? "moved" : `moved from ${lineRange(thread.start!, thread.end!)}`;
    case "changed":
      return thread.anchor.whitespaceOnly ? "changed since the comment (whitespace only)" : "changed since the comment";
    case "outdated":
      return whole ? "outdated: the file is gone" : "outdated: the lines are gone";
  }
}
