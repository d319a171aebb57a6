/** Which side of the diff a thread's lines live on: `new` for added and context lines, `old` for deleted ones. */
export type Side = "new" | "old";

export type AnchorState = "current" | "moved" | "changed" | "outdated";

/**
 * Where a thread's lines are now, by state. `start`/`end` are null for a whole-file thread; an `outdated`
 * thread has no lines now, and only a `changed` one can have changed in whitespace alone.
 * @example if (location.state === "changed" && location.whitespaceOnly) note("whitespace only")
 */
export type Location =
  | { readonly state: "current" | "moved"; readonly start: number | null; readonly end: number | null }
  | {
      readonly state: "changed";
      readonly start: number | null;
      readonly end: number | null;
      readonly whitespaceOnly?: boolean;
    }
  | { readonly state: "outdated"; readonly start: null; readonly end: null };

/** How many lines of context a thread records each side of its range (CONTRACT, "Thread"). */
export const CONTEXT_LINES = 3;

/** Up to CONTEXT_LINES lines before and after the quoted range, as they read when the thread was written. */
export interface AnchorContext {
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/**
 * What a thread holds about its place: a range (or null for the whole file) on one side,
 * the diff lines of the range with their markers, and the lines around it.
 */
export interface Anchor {
  readonly side: Side;
  readonly start: number | null;
  readonly end: number | null;
  /** Each diff line of the range with its marker first: "+", "-" or " ". */
  readonly quoted: readonly string[];
  readonly context: AnchorContext;
}

export interface LocateInput {
  readonly side: Side;
  readonly start: number | null;
  readonly end: number | null;
  /** The quoted diff lines, each with its marker. */
  readonly quoted: readonly string[];
  /** The file's text when the thread was written, or at its checkpoint. For side `old`: the base's text. */
  readonly then: string;
  /** The file's text now; null when the file is gone. */
  readonly now: string | null;
  /** Breaks ties between exact copies of the quoted block. */
  readonly context?: AnchorContext;
}
