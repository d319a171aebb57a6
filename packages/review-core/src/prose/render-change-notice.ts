/** What the person did to the agent's code from the review, as the agent is told of it. */
export interface ChangeNotice {
  readonly kind: "undo" | "apply";
  readonly file: string;
  /** The lines of the agent's text the change touched (null: the whole file). */
  readonly start: number | null;
  readonly end: number | null;
  /** An undone rename: the path the file is back at (`file` is gone). */
  readonly oldPath?: string;
}

/**
 * One plain sentence telling the agent what the person changed in its code, so it does not write it again.
 * @example renderChangeNotice({ kind: "undo", file: "src/a.ts", start: 10, end: 14 })
 * // "The person undid your change to src/a.ts lines 10–14: leave it undone unless asked."
 */
export function renderChangeNotice(change: ChangeNotice): string {
  if (change.oldPath !== undefined) {
    return `The person undid your renaming of ${change.oldPath} to ${change.file} and its edits (${change.oldPath} is back as it was): leave it undone unless asked.`;
  }
  const place =
    change.start === null || change.end === null
      ? change.file
      : change.start === change.end
        ? `${change.file} line ${change.start}`
        : `${change.file} lines ${change.start}–${change.end}`;
  return change.kind === "undo"
    ? `The person undid your change to ${place}: leave it undone unless asked.`
    : `The person applied a suggestion to ${place}: keep it unless asked.`;
}
