// A place in the review carried by a web panel link, so a link opened from the terminal lands where the
// person was: `#token=...&file=src/a.ts&line=6` (`side=old` for a deleted line), or `&thread=<id>`. It rides
// in the fragment beside the token: a fragment never reaches a server, and the panel reads it once.
import type { Row } from "../diff/diff-rows.js";
import { fileOfRow, lineOfRow } from "./cursor.js";

export type LinkPlace =
  | { readonly kind: "thread"; readonly id: string; readonly file: string }
  | { readonly kind: "line"; readonly file: string; readonly side: "new" | "old"; readonly line: number }
  | { readonly kind: "file"; readonly file: string };

/**
 * The place a row of the diff stands for: the thread shown there, its line, or its file.
 * @example placeOfRow({ kind: "line", file: "a.ts", line: { kind: "add", old: null, new: 6, text: "x" }, key: "k" }) // { kind: "line", file: "a.ts", side: "new", line: 6 }
 */
export function placeOfRow(row: Row): LinkPlace {
  const file = fileOfRow(row);
  if ("threads" in row && row.threads.length > 0)
    return { kind: "thread", id: row.threads[row.threads.length - 1]!.id, file };
  const line = lineOfRow(row);
  return line === null ? { kind: "file", file } : { kind: "line", file, side: line.side, line: line.line };
}

/**
 * The panel link with the place added to its fragment (the token stays first, as the panel expects it).
 * @example linkToPlace("http://127.0.0.1:4321/#token=ab", { kind: "line", file: "a.ts", side: "new", line: 6 }) // "http://127.0.0.1:4321/#token=ab&file=a.ts&line=6"
 */
export function linkToPlace(link: string, place: LinkPlace): string {
  const url = new URL(link);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  fragment.set("file", place.file);
  if (place.kind === "thread") fragment.set("thread", place.id);
  if (place.kind === "line") {
    fragment.set("line", String(place.line));
    if (place.side === "old") fragment.set("side", "old");
  }
  url.hash = fragment.toString();
  return url.href;
}

/**
 * The place a link's fragment names, or null when it names none (or names it badly: a link is never an error).
 * @example placeFromLink("#file=a.ts&line=6") // { kind: "line", file: "a.ts", side: "new", line: 6 }
 */
export function placeFromLink(hash: string): LinkPlace | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const file = fragment.get("file");
  if (!file) return null;
  const thread = fragment.get("thread");
  if (thread) return { kind: "thread", id: thread, file };
  const line = Number(fragment.get("line"));
  if (Number.isInteger(line) && line > 0)
    return { kind: "line", file, side: fragment.get("side") === "old" ? "old" : "new", line };
  return { kind: "file", file };
}

/**
 * The index of the row that shows a place, or null when the diff shows none of it (its file is gone).
 * @example rowOfPlace(rows, { kind: "line", file: "a.ts", side: "new", line: 6 }) // 4
 */
export function rowOfPlace(rows: readonly Row[], place: LinkPlace): number | null {
  let fileRow: number | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (fileOfRow(row) !== place.file) continue;
    fileRow ??= i;
    if (place.kind === "thread" && "threads" in row && row.threads.some((t) => t.id === place.id)) return i;
    if (place.kind === "line") {
      const at = lineOfRow(row);
      if (at !== null && at.side === place.side && at.line === place.line) return i;
    }
  }
  return fileRow;
}
