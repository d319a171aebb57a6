/** One line of a hunk. `old`/`new` are 1-based line numbers on each side (null where the line has none). */
export interface DiffLine {
  readonly kind: "add" | "del" | "ctx";
  readonly old: number | null;
  readonly new: number | null;
  /** The line without its "\n"; a "\r" of a CRLF line stays, so line-ending changes are visible. */
  readonly text: string;
  /** True when git printed "\ No newline at end of file" after this line. */
  readonly noNewline?: true;
  /**
   * On a changed line that pairs with a line of the other side (an edit of it), the character ranges of
   * `text` that differ from it: UTF-16 offsets, end exclusive (see `hunkWithWords`).
   */
  readonly words?: readonly (readonly [start: number, end: number])[];
}

/**
 * Where a hunk sits and how many lines it spans on each side, without its lines. A hunk with no
 * context lines is one change, so this is all that mapping lines through such a diff needs.
 */
export interface HunkRange {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
}

export interface Hunk extends HunkRange {
  /** The text git prints after the closing "@@" (usually the enclosing function), when there is any. */
  readonly section?: string;
  readonly lines: readonly DiffLine[];
}

export type FileStatus = "added" | "deleted" | "modified" | "renamed" | "copied";

/** One file of a diff. `path` is the new path (the old one for a deletion); `oldPath` is set for renames and copies. */
export interface FileDiff {
  readonly path: string;
  readonly oldPath: string | null;
  readonly status: FileStatus;
  readonly binary: boolean;
  readonly oldMode: string | null;
  readonly newMode: string | null;
  /** git's similarity index (0..100) for renames and copies. */
  readonly similarity: number | null;
  readonly hunks: readonly Hunk[];
}
