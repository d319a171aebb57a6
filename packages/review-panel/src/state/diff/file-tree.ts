// The file list as flat rows (folders, then files), so it can be virtualized like the diff.
import type { DiffFile, Thread } from "../review-client.js";
import { lineCounts } from "./line-counts.js";

export type TreeEntry =
  | {
      readonly kind: "folder";
      readonly key: string;
      readonly path: string;
      readonly name: string;
      readonly depth: number;
    }
  | {
      readonly kind: "file";
      readonly key: string;
      readonly path: string;
      readonly name: string;
      readonly depth: number;
      readonly file: DiffFile;
      /** Lines the file's diff adds and deletes (the tree's green and red figures). */
      readonly adds: number;
      readonly dels: number;
      /** Threads not resolved yet, drafts included. */
      readonly open: number;
      readonly unread: boolean;
      readonly waiting: boolean;
    };

/**
 * Orders files as a tree lists them: by folder, a folder's subfolders before its own files. The diff
 * reads in this order too, so the file list, the diff and `n`/`p` agree.
 * @example ["README.md", "src/a.ts"].map((path) => ({ path })).sort(treeOrder) // src/a.ts, README.md
 */
export function treeOrder(a: { readonly path: string }, b: { readonly path: string }): number {
  const pa = a.path.split("/");
  const pb = b.path.split("/");
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const lastA = i === pa.length - 1;
    const lastB = i === pb.length - 1;
    if (lastA !== lastB) return lastA ? 1 : -1;
    if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  }
  return pa.length - pb.length;
}

/**
 * Groups the diff's files by folder, in path order, with each file's open-thread count.
 * @example fileTree(files, threads).map((e) => e.name) // ["src", "app.ts", "README.md"]
 */
export function fileTree(files: readonly DiffFile[], threads: readonly Thread[]): TreeEntry[] {
  const counts = new Map<string, { open: number; unread: boolean; waiting: boolean }>();
  for (const t of threads) {
    // A thread on a file renamed since it was written counts under the new name.
    const file = t.anchor.file ?? t.file;
    const c = counts.get(file) ?? { open: 0, unread: false, waiting: false };
    counts.set(file, {
      open: c.open + (t.status === "resolved" ? 0 : 1),
      unread: c.unread || t.unreadByHuman,
      waiting: c.waiting || (t.status === "open" && t.awaiting === "human"),
    });
  }
  const sorted = [...files].sort(treeOrder);
  const entries: TreeEntry[] = [];
  let open: string[] = [];
  for (const file of sorted) {
    const parts = file.path.split("/");
    const folders = parts.slice(0, -1);
    let same = 0;
    while (same < open.length && same < folders.length && open[same] === folders[same]) same++;
    for (let d = same; d < folders.length; d++) {
      const path = folders.slice(0, d + 1).join("/");
      entries.push({ kind: "folder", key: `d:${path}`, path, name: folders[d]!, depth: d });
    }
    open = folders;
    const c = counts.get(file.path) ??
      (file.oldPath ? counts.get(file.oldPath) : undefined) ?? { open: 0, unread: false, waiting: false };
    entries.push({
      kind: "file",
      key: `f:${file.path}`,
      path: file.path,
      name: parts[parts.length - 1]!,
      depth: folders.length,
      file,
      ...lineCounts(file),
      ...c,
    });
  }
  return entries;
}

/**
 * Whether a path matches the file tree's filter: a substring of it, in any case; an empty filter matches all.
 * The tree is built from the matching files, so a folder stays exactly when one of its files matches.
 * @example pathMatches("src/Store.ts", "store") // true
 */
export function pathMatches(path: string, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === "" || path.toLowerCase().includes(wanted);
}
