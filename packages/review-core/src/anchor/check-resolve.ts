import { splitLines } from "../diff/split-lines.js";
import { locate } from "./locate.js";
import type { LocateInput, Location } from "./types.js";

export interface CheckResolveInput extends LocateInput {
  /** The path, for the message. */
  readonly file?: string;
}

/** Why a claim is refused; `not_text` when the file is not text here, so nothing can be compared. */
export type ResolveRefusal = "unchanged" | "moved" | "whitespace_only" | "not_text";

export type ResolveCheck =
  | { readonly accepted: true; readonly location: Location }
  | {
      readonly accepted: false;
      readonly reason: ResolveRefusal;
      readonly location: Location;
      /** Says why and what to do; the service puts "Replied, but not resolved: " in front. */
      readonly message: string;
    };

/**
 * The checked resolve: an agent's claim that a thread is resolved holds only when the code under it
 * differs from the checkpoint (the text when the person last spoke: `then`, at `start`..`end`),
 * ignoring whitespace. That is `locate` against the checkpoint: accepted exactly when the lines are
 * `outdated`, or `changed` and not only in whitespace. For a new-side range the quote and context are
 * read from `then` itself, so a checkpoint taken after the code had already changed is compared with
 * what it said then; `quoted` is used only when the range does not fit in `then`.
 * @example checkResolve({ side: "new", start: 2, end: 2, quoted: [" b"], then: "a\nb\n", now: "a\nb\n", file: "src/a.ts" }) // { accepted: false, reason: "unchanged", ... }
 */
export function checkResolve(input: CheckResolveInput): ResolveCheck {
  const location = locate(atCheckpoint(input));
  if (location.state === "outdated" || (location.state === "changed" && location.whitespaceOnly !== true)) {
    return { accepted: true, location };
  }
  const where = place(input.file, input.start, input.end);
  const tail = "; change them or reply without resolved";
  if (location.state === "changed") {
    const what = input.start === null ? `${input.file ?? "the file"}` : `the lines under this comment (${where})`;
    return {
      accepted: false,
      reason: "whitespace_only",
      location,
      message: `only whitespace changed in ${what}; a re-indent or new line endings do not answer it: change the code or reply without resolved`,
    };
  }
  if (location.state === "moved") {
    return {
      accepted: false,
      reason: "moved",
      location,
      message: `the commented lines (${where}) moved to ${span(location.start, location.end)} but read exactly as before${tail}`,
    };
  }
  if (input.start === null) {
    return {
      accepted: false,
      reason: "unchanged",
      location,
      message: `${input.file ?? "the file"} still reads as it did when the person commented; change it or reply without resolved`,
    };
  }
  if (input.side === "old") {
    return {
      accepted: false,
      reason: "unchanged",
      location,
      message: `the deleted lines under this comment (old ${where}) are still deleted, as when the person commented${tail}`,
    };
  }
  return {
    accepted: false,
    reason: "unchanged",
    location,
    message: `the lines under this comment (${where}) still read as they did when the person commented${tail}`,
  };
}

/** The checkpoint's own lines and context stand in for the quote, when the range fits in `then`. */
function atCheckpoint(input: CheckResolveInput): LocateInput {
  if (input.side !== "new" || input.start === null) return input;
  const start = input.start;
  const end = input.end ?? start;
  const lines = splitLines(input.then);
  if (start < 1 || end < start || end > lines.length) return input;
  return {
    ...input,
    quoted: lines.slice(start - 1, end).map((text) => ` ${text}`),
    context: { before: lines.slice(Math.max(0, start - 4), start - 1), after: lines.slice(end, end + 3) },
  };
}

function place(file: string | undefined, start: number | null, end: number | null): string {
  const lines = span(start, end);
  return file === undefined ? (start === end || end === null ? `line ${lines}` : `lines ${lines}`) : `${file} ${lines}`;
}

function span(start: number | null, end: number | null): string {
  if (start === null) return "the whole file";
  return end === null || end === start ? `${start}` : `${start}-${end}`;
}
