import { CONTEXT_LINES } from "./types.js";
import { mapLine } from "../diff/map-line.js";
import { splitLines } from "../diff/split-lines.js";
import type { Hunk } from "../diff/types.js";
import type { Anchor, Side } from "./types.js";

/** How many lines before and after a range a thread keeps to break ties later. */

export interface BuildAnchorInput {
  readonly side: Side;
  /** 1-based, inclusive; both null for a whole-file thread. */
  readonly start: number | null;
  readonly end: number | null;
  /** The whole file at the diff's old end; null when it is absent there (an added file). */
  readonly oldText: string | null;
  /** The whole file at the diff's new end; null when it is absent there (a deleted file). */
  readonly newText: string | null;
  /** The file's diff from old to new (with or without context lines). */
  readonly hunks: readonly Hunk[];
  readonly binary?: boolean;
  /** The path, for messages. */
  readonly file?: string;
}

/** Why a place cannot hold a thread; the names match ReviewErrorCode where one fits. */
export type AnchorRefusal = "invalid_input" | "out_of_range" | "not_in_diff" | "binary";

export type BuildAnchorResult =
  | { readonly ok: true; readonly anchor: Anchor }
  | { readonly ok: false; readonly reason: AnchorRefusal; readonly message: string };

/**
 * The anchor of a new thread: its range, the quoted diff lines with their markers, and up to three
 * lines of context each side; or a refusal whose message says which lines can be chosen instead.
 * @example buildAnchor({ side: "new", start: 2, end: 2, oldText: "a\n", newText: "a\nb\n", hunks }) // { ok: true, anchor: { quoted: ["+b"], context: { before: ["a"], after: [] }, ... } }
 */
export function buildAnchor(input: BuildAnchorInput): BuildAnchorResult {
  const { side, start, end } = input;
  const file = input.file ?? "the file";
  if (start === null && end === null) {
    return { ok: true, anchor: { side, start: null, end: null, quoted: [], context: { before: [], after: [] } } };
  }
  if (
    start === null ||
    end === null ||
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 1 ||
    end < start
  ) {
    return refuse(
      "invalid_input",
      `lines ${start ?? "?"}-${end ?? "?"} are not a range; give a first and last line with 1 <= first <= last, or neither for the whole file`,
    );
  }
  if (input.binary === true) {
    return refuse("binary", `${file} is a binary file; comment on the whole file instead of lines`);
  }
  return side === "new" ? anchorNewSide(input, start, end, file) : anchorOldSide(input, start, end, file);
}

function anchorNewSide(input: BuildAnchorInput, start: number, end: number, file: string): BuildAnchorResult {
  if (input.newText === null) {
    return refuse(
      "not_in_diff",
      `${file} is deleted in this diff; comment on its deleted lines (side old) or on the whole file`,
    );
  }
  const lines = splitLines(input.newText);
  const outside = pastTheEnd(start, end, lines.length, file);
  if (outside !== null) return outside;
  const quoted: string[] = [];
  for (let line = start; line <= end; line++) {
    const added = mapLine(input.hunks, line, "new").kind === "edited";
    quoted.push((added ? "+" : " ") + (lines[line - 1] as string));
  }
  return { ok: true, anchor: { side: "new", start, end, quoted, context: contextAround(lines, start, end) } };
}

function anchorOldSide(input: BuildAnchorInput, start: number, end: number, file: string): BuildAnchorResult {
  if (input.oldText === null) {
    return refuse("not_in_diff", `${file} is new in this diff and has no old lines; comment on side new`);
  }
  const lines = splitLines(input.oldText);
  const outside = pastTheEnd(start, end, lines.length, input.file === undefined ? "the old file" : `the old ${file}`);
  if (outside !== null) return outside;
  for (let line = start; line <= end; line++) {
    const mapping = mapLine(input.hunks, line, "old");
    if (mapping.kind === "shifted") {
      return refuse(
        "not_in_diff",
        `old line ${line} of ${file} is not deleted in this diff (it reads as new line ${mapping.line}); ` +
          `comment on side new, or pick only deleted lines on side old`,
      );
    }
  }
  const quoted = lines.slice(start - 1, end).map((text) => `-${text}`);
  return { ok: true, anchor: { side: "old", start, end, quoted, context: contextAround(lines, start, end) } };
}

function pastTheEnd(start: number, end: number, count: number, file: string): BuildAnchorResult | null {
  if (end <= count) return null;
  if (count === 0) return refuse("out_of_range", `${file} is empty; comment on the whole file`);
  const range = start === end ? `line ${start} is` : `lines ${start}-${end} are`;
  const pick = count === 1 ? "line 1" : `lines 1-${count}`;
  return refuse(
    "out_of_range",
    `${range} past the end of ${file} (${count} line${count === 1 ? "" : "s"}); pick ${pick}`,
  );
}

function contextAround(lines: readonly string[], start: number, end: number): Anchor["context"] {
  return {
    before: lines.slice(Math.max(0, start - 1 - CONTEXT_LINES), start - 1),
    after: lines.slice(end, end + CONTEXT_LINES),
  };
}

function refuse(reason: AnchorRefusal, message: string): BuildAnchorResult {
  return { ok: false, reason, message };
}
