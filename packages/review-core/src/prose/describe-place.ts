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

/** A place as a thread, a finding or a new comment's target holds it; without an anchor it is where it was written. */
export type PlaceOf = Pick<Thread, "file" | "side" | "start" | "end"> & { readonly anchor?: Thread["anchor"] };

/** How a place is put into words (see `describePlace`). */
export interface PlaceForm {
  /**
   * Who reads it: a model (the default: deleted lines said in full, the renamed note), the terminal
   * (`src/a.ts:3-4 (deleted)`), or the web panel (`deleted lines 3–4`, with a typeset dash).
   */
  readonly for?: "model" | "terminal" | "web";
  /** Whether the path leads (the default); false names only the lines, as under the file's own name. */
  readonly file?: boolean;
  /** The lines the place has now (its anchor's, the default) or the ones it was written on. */
  readonly at?: "now" | "written";
}

/**
 * Where a thread is, in words: the one function the panels, the tools and the prose name a place with.
 * For a model (the default) `src/a.ts:12-14`, `src/a.ts (whole file)`, or for a comment on deleted lines
 * `src/a.ts, deleted lines 3-4 of the base`; the file by its path now, and a file renamed since the
 * comment adds where it was renamed from, once. A thread whose lines are gone keeps the place it was
 * written at, so the model can still find the quote. `form` gives the terminal's and the web panel's
 * shorter words, and the lines alone (`file: false`) for a heading under the file's name:
 *
 * | form                    | lines             | deleted lines                                              | whole file          |
 * | model                   | `a.ts:3-4`        | `a.ts, deleted lines 3-4 of the base`                      | `a.ts (whole file)` |
 * | model, `file: false`    | `lines 3-4`       | `lines 3-4 of the base version, which your change deletes` | `the whole file`    |
 * | terminal                | `a.ts:3-4`        | `a.ts:3-4 (deleted)`                                       | `a.ts (whole file)` |
 * | terminal, `file: false` | `lines 3-4`       | `lines 3-4 (deleted)`                                      | `whole file`        |
 * | web                     | `a.ts, lines 3–4` | `a.ts, deleted lines 3–4`                                  | `a.ts (whole file)` |
 * | web, `file: false`      | `lines 3–4`       | `deleted lines 3–4`                                        | `whole file`        |
 * @example describePlace({ file: "src/a.ts", side: "new", start: 10, end: 12, anchor: { state: "moved", start: 12, end: 14 } }) // "src/a.ts:12-14"
 * @example describePlace({ file: "src/a.ts", side: "old", start: 6, end: 6 }, { for: "terminal", file: false }) // "line 6 (deleted)"
 */
export function describePlace(place: PlaceOf, form: PlaceForm = {}): string {
  const reader = form.for ?? "model";
  const anchor = place.anchor;
  const file = anchor ? pathNow({ file: place.file, anchor }) : place.file;
  const renamed = reader === "model" && anchor ? renamedNote({ file: place.file, anchor }) : "";
  const now = form.at !== "written" && anchor !== undefined;
  const start = now ? (anchor.start ?? place.start) : place.start;
  const end = now ? (anchor.end ?? place.end) : place.end;
  if (place.start === null || place.end === null || start === null || end === null) {
    if (form.file !== false) return `${file} (whole file)${renamed}`;
    return reader === "model" ? "the whole file" : "whole file";
  }
  const range = reader === "web" ? (start === end ? `${start}` : `${start}–${end}`) : lineRange(start, end);
  const lines = `${start === end ? "line" : "lines"} ${range}`;
  const deleted = place.side === "old";
  if (form.file === false) {
    if (!deleted) return lines;
    if (reader === "model") return `${lines} of the base version, which your change deletes`;
    return reader === "terminal" ? `${lines} (deleted)` : `deleted ${lines}`;
  }
  if (reader === "web") return `${file}, ${deleted ? "deleted " : ""}${lines}`;
  if (reader === "terminal") return `${file}:${range}${deleted ? " (deleted)" : ""}`;
  return deleted ? `${file}, deleted ${lines} of the base${renamed}` : `${file}:${range}${renamed}`;
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
