// The text of a chosen range, to prefill a suggestion with what the lines say now.
import type { DiffFile } from "../review-client.js";
import type { CommentTarget } from "./diff-rows.js";

/**
 * The lines of a range on its side, read from the diff (and from the fetched file text for revealed context).
 * @example rangeText(file, { file: "a.ts", side: "new", start: 2, end: 3 }) // ["const a = 1;", "const b = 2;"]
 */
export function rangeText(file: DiffFile | undefined, target: CommentTarget, text?: readonly string[]): string[] {
  if (!file || target.start === null || target.end === null) return [];
  const found = new Map<number, string>();
  for (const hunk of file.hunks)
    for (const line of hunk.lines) {
      const n = target.side === "new" ? (line.kind === "del" ? null : line.new) : line.kind === "add" ? null : line.old;
      if (n !== null && n >= target.start && n <= target.end) found.set(n, line.text);
    }
  const lines: string[] = [];
  for (let n = target.start; n <= target.end; n++) {
    const line = found.get(n) ?? (target.side === "new" ? text?.[n - 1] : undefined);
    if (line !== undefined) lines.push(line);
  }
  return lines;
}
