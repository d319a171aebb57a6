import type { FileDiff } from "../diff/types.js";
import type { UncoveredHunk } from "./types.js";

/** A step's place now, on the new side of the diff: lines, or null for the whole file. */
export interface CoveringPlace {
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
}

// A hunk is "touched" when a step's lines meet the lines the hunk changed, on the new side. Context lines
// do not count: a step on the unchanged line above a change says nothing of the change. A hunk that only
// deletes has no new line, so it is placed between the new lines around it: a step that reaches the line
// just before or just after the gap touches it. A step on the whole file touches all of its hunks; a step
// whose lines are gone (outdated, start null but not meant as the whole file) is left out by the caller.

/**
 * The hunks of `files` no step touches, in the diff's order; each as the range of its changed new lines
 * (a deletion-only hunk: the line before the gap to the line after it, within the file).
 * @example uncoveredHunks(files, [{ file: "a.ts", start: 3, end: 5 }]) // [{ file: "b.ts", start: 10, end: 12 }]
 */
export function uncoveredHunks(files: readonly FileDiff[], steps: readonly CoveringPlace[]): UncoveredHunk[] {
  const uncovered: UncoveredHunk[] = [];
  for (const file of files) {
    const mine = steps.filter((s) => s.file === file.path || (file.oldPath !== null && s.file === file.oldPath));
    if (mine.some((s) => s.start === null)) continue;
    for (const hunk of file.hunks) {
      const span = changedSpan(hunk.lines, file.status === "deleted");
      if (span === null) continue;
      const touched =
        file.status !== "deleted" &&
        mine.some((s) => (s.start as number) <= span.reach.end && (s.end ?? (s.start as number)) >= span.reach.start);
      if (!touched) uncovered.push({ file: file.path, start: span.shown.start, end: span.shown.end });
    }
  }
  return uncovered;
}

interface Span {
  /** The lines a step must meet to touch the hunk. */
  readonly reach: { readonly start: number; readonly end: number };
  /** The lines the hunk is listed by. */
  readonly shown: { readonly start: number; readonly end: number };
}

function changedSpan(
  lines: readonly { readonly kind: "add" | "del" | "ctx"; readonly old: number | null; readonly new: number | null }[],
  deletedFile: boolean,
): Span | null {
  const added = lines.filter((l) => l.kind === "add").map((l) => l.new as number);
  if (added.length > 0) {
    const range = { start: Math.min(...added), end: Math.max(...added) };
    // Deleted lines beside the added ones are the same edit: a step on the added lines touches them.
    return { reach: range, shown: range };
  }
  const deleted = lines.filter((l) => l.kind === "del");
  if (deleted.length === 0) return null;
  if (deletedFile) {
    const old = deleted.map((l) => l.old as number);
    const range = { start: Math.min(...old), end: Math.max(...old) };
    return { reach: range, shown: range };
  }
  // Where the deleted lines were, in new-side numbers: between the last new line before them and the first after.
  const first = lines.indexOf(deleted[0]!);
  const last = lines.indexOf(deleted[deleted.length - 1]!);
  const before = [...lines.slice(0, first)].reverse().find((l) => l.new !== null)?.new ?? null;
  const after = lines.slice(last).find((l) => l.new !== null)?.new ?? null;
  const start = before ?? after ?? 1;
  const end = after ?? before ?? 1;
  return { reach: { start, end }, shown: { start, end } };
}
