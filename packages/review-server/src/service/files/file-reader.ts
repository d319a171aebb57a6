import { ReviewError } from "@opencode-review/core";
import { readFiles, readWorktreeFile, type FileContent, type Repository } from "../../git/index.js";
import type { CommitFileCache } from "./commit-file-cache.js";

/**
 * Reads file texts for one operation, at commits and in the work tree, each at most once.
 * Reads at the same commit are batched into one `git cat-file --batch` call (`prefetch`), because
 * listing hundreds of threads must cost one git process per round involved, not one per thread. With a
 * `cache` (one made at the composition root, see ServiceCaches) texts at commits are kept across operations.
 * `rev` must be a commit or tree id, never a name like HEAD that can move.
 */
export interface FileReader {
  /** Loads many files of one commit in one git call; later `at` calls for them are free. */
  prefetch(rev: string, paths: readonly string[]): Promise<void>;
  at(rev: string, path: string): Promise<FileContent>;
  /** Takes a file's content at `rev` that the caller already has, so `at` answers it without git. */
  remember(rev: string, path: string, content: FileContent): void;
  worktree(path: string): Promise<FileContent>;
}

/** @example const files = createFileReader(repo, ctx.commitFiles); await files.prefetch(round.snapshot, ["a.ts"]); */
export function createFileReader(repo: Repository, cache?: CommitFileCache): FileReader {
  const atRev = new Map<string, Promise<FileContent>>();
  const inWorktree = new Map<string, Promise<FileContent>>();
  const key = (rev: string, path: string) => `${rev}\0${path}`;

  const prefetch = async (rev: string, paths: readonly string[]) => {
    const wanted: string[] = [];
    for (const path of new Set(paths)) {
      if (atRev.has(key(rev, path))) continue;
      const kept = cache?.get(rev, path);
      if (kept !== undefined) atRev.set(key(rev, path), Promise.resolve(kept));
      else wanted.push(path);
    }
    if (wanted.length === 0) return;
    const batch = readFiles(repo, rev, wanted).then((files) => {
      for (const path of wanted) cache?.set(rev, path, files.get(path) ?? { kind: "missing" });
      return files;
    });
    for (const path of wanted) {
      const entry: Promise<FileContent> = batch.then((files) => files.get(path) ?? { kind: "missing" });
      // A failed batch rejects here (awaited) and in every path's entry, which only a later `at` awaits:
      // unawaited, it must not count as an unhandled rejection (one takes a Node process down).
      entry.catch(() => {});
      atRev.set(key(rev, path), entry);
    }
    await batch;
  };

  return {
    prefetch,
    async at(rev, path) {
      if (!atRev.has(key(rev, path))) await prefetch(rev, [path]);
      return atRev.get(key(rev, path))!;
    },
    remember(rev, path, content) {
      if (!atRev.has(key(rev, path))) atRev.set(key(rev, path), Promise.resolve(content));
    },
    worktree(path) {
      let read = inWorktree.get(path);
      if (read === undefined) {
        // A stored thread's folder may since have become a symlink out of the work tree: nothing is read
        // through it, and the file reads as gone (the thread outdated) instead of failing the whole listing.
        read = readWorktreeFile(repo, path).catch((error: unknown): FileContent => {
          if (error instanceof ReviewError && error.code === "outside_worktree") return { kind: "missing" };
          throw error;
        });
        inWorktree.set(path, read);
      }
      return read;
    },
  };
}

/** The text of a file, or null when it is missing or binary. */
export function textOf(content: FileContent): string | null {
  return content.kind === "text" ? content.text : null;
}
