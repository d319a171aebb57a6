import type { FileDiff } from "@opencode-review/core";
import { readFiles, type Repository } from "../../git/index.js";

// The panels fold the unchanged lines after a file's last hunk behind "show more"; without the file's
// length they offered it even when the hunk ended at the end of the file, and the click showed nothing.
// The diff alone tells the end in most files: git prints 3 lines of context after the last change, so
// fewer than 3 (or "\ No newline at end of file") means the file ended there. Only the rest are read.
const CONTEXT = 3;

/** The number of lines a file has on the new side, when the diff itself shows where it ends; else null. */
function endFromDiff(file: FileDiff): number | null {
  const last = file.hunks.at(-1);
  if (last === undefined) return null;
  const end = last.newStart + last.newLines - (last.newLines > 0 ? 1 : 0);
  let trailing = 0;
  for (let i = last.lines.length - 1; i >= 0 && last.lines[i]!.kind === "ctx"; i--) trailing++;
  const lastNew = last.lines.findLast((l) => l.kind !== "del");
  return trailing < CONTEXT || lastNew?.noNewline === true ? end : null;
}

function countLines(text: string): number {
  if (text === "") return 0;
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n").length;
}

/**
 * Each shown text file's line count at `to` (`newLineCount`), so no panel offers context lines past its end.
 * @example const files = await withNewLineCounts(repo, tree, parseGitDiff(patch)) // [{ path: "a.ts", newLineCount: 12, ... }]
 */
export async function withNewLineCounts<F extends FileDiff>(
  repo: Pick<Repository, "workTree">,
  to: string,
  files: readonly F[],
): Promise<(F & { readonly newLineCount?: number })[]> {
  const counted = (f: F) => !f.binary && f.status !== "deleted" && f.hunks.length > 0;
  const unknown = files.filter((f) => counted(f) && endFromDiff(f) === null).map((f) => f.path);
  const texts = await readFiles(repo, to, unknown);
  return files.map((file) => {
    if (!counted(file)) return file;
    const content = texts.get(file.path);
    const count = endFromDiff(file) ?? (content?.kind === "text" ? countLines(content.text) : null);
    return count === null ? file : { ...file, newLineCount: count };
  });
}
