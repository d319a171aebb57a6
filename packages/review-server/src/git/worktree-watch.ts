import { watch, type FSWatcher } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Repository } from "./open-repository.js";
import { execGit, runGitBuffer } from "./run-git.js";

/** A running watch of the work tree; `close` stops every watcher it holds. */
export interface WorktreeWatch {
  /** How many folders are watched (one inotify watch each on Linux). */
  readonly folders: () => number;
  close(): void;
}

export interface WorktreeWatchOptions {
  /** Told, at most once per `settleMs`, the paths (from the work tree's root) that changed; ignored files never. */
  readonly onChange: (paths: readonly string[]) => void;
  /** How long a burst of writes (an agent saving several files) is gathered before one call; default 250 ms. */
  readonly settleMs?: number;
  /** Told when a folder cannot be watched (a limit of the system, mostly); the rest goes on. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Watches the folders git would look in (those holding tracked or untracked, not ignored, files) rather than
 * every file: one non-recursive watch per folder, which both Node and Bun give through inotify, where Node's
 * own recursive watch on Linux walks and stats every file. A new folder is watched once something appears in
 * it. Changed paths git ignores (build output, node_modules) are dropped with one `git check-ignore` per burst.
 * @example const watch = await watchWorktree(repo, { onChange: (paths) => bus.publish({ type: "worktree", paths }) });
 */
export async function watchWorktree(
  repo: Pick<Repository, "workTree">,
  options: WorktreeWatchOptions,
): Promise<WorktreeWatch> {
  const settleMs = options.settleMs ?? 250;
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const flush = async () => {
    timer = null;
    const paths = [...pending];
    pending.clear();
    if (paths.length === 0 || closed) return;
    const ignored = await ignoredPaths(repo.workTree, paths).catch(() => new Set<string>());
    const kept = paths.filter((p) => !ignored.has(p));
    for (const path of kept) void watchIfFolder(path);
    if (kept.length > 0 && !closed) options.onChange(kept);
  };
  const changed = (folder: string, name: string | Buffer | null) => {
    if (closed) return;
    const path = name === null ? folder : folder === "" ? String(name) : `${folder}/${String(name)}`;
    if (path === ".git" || path.startsWith(".git/")) return;
    pending.add(path);
    timer ??= setTimeout(() => void flush(), settleMs);
  };
  const watchFolder = (folder: string) => {
    if (closed || watchers.has(folder)) return;
    try {
      const watcher = watch(join(repo.workTree, folder), { persistent: false }, (_event, name) =>
        changed(folder, name),
      );
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const watchIfFolder = async (path: string) => {
    const info = await lstat(join(repo.workTree, path)).catch(() => null);
    // A folder made after the start (the agent's new module): watched, with the folders inside it.
    if (info?.isDirectory()) for (const folder of await newFolders(repo.workTree, path)) watchFolder(folder);
  };

  for (const folder of await foldersOf(repo.workTree, null)) watchFolder(folder);
  return {
    folders: () => watchers.size,
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * How many folders `watchWorktree` would watch in a work tree now (one inotify watch each on Linux), counted
 * without watching: so a caller watching several work trees can stay inside the system's budget.
 * @example await watchFolderCount(repo) // 412
 */
export async function watchFolderCount(repo: Pick<Repository, "workTree">): Promise<number> {
  return (await foldersOf(repo.workTree, null)).length;
}

/** The root and every folder that holds a file git tracks or would add. */
async function foldersOf(workTree: string, under: string | null): Promise<string[]> {
  const listed = await runGitBuffer(workTree, [
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
    "--",
    under ?? ".",
  ]);
  const folders = new Set<string>([under ?? ""]);
  for (const file of listed.toString("utf8").split("\0")) {
    for (let slash = file.indexOf("/"); slash !== -1; slash = file.indexOf("/", slash + 1))
      folders.add(file.slice(0, slash));
  }
  return [...folders];
}

/**
 * A new folder and the folders under it that git does not ignore, level by level, so an ignored folder made
 * at once with much inside (an install's node_modules) is never walked. Empty folders count: a file may come.
 */
async function newFolders(workTree: string, folder: string): Promise<string[]> {
  const found: string[] = [];
  let level = [folder];
  while (level.length > 0 && found.length < 10_000) {
    const ignored = await ignoredPaths(
      workTree,
      level.map((f) => `${f}/`),
    );
    const kept = level.filter((f) => !ignored.has(`${f}/`));
    found.push(...kept);
    const next: string[] = [];
    for (const f of kept) {
      const entries = await readdir(join(workTree, f), { withFileTypes: true }).catch(() => []);
      for (const entry of entries)
        if (entry.isDirectory() && !(f === "" && entry.name === ".git")) next.push(`${f}/${entry.name}`);
    }
    level = next;
  }
  return found;
}

/** Which of `paths` git ignores. */
async function ignoredPaths(workTree: string, paths: readonly string[]): Promise<Set<string>> {
  // check-ignore exits 1 when none is ignored, which is an answer too: nothing to drop.
  const result = await execGit(workTree, ["check-ignore", "-z", "--no-index", "--stdin"], { input: paths.join("\0") });
  return new Set(
    result.stdout
      .toString("utf8")
      .split("\0")
      .filter((p) => p !== ""),
  );
}

/**
 * `watchWorktree` for a caller that must stop synchronously (a feed, a view closing): the returned function
 * stops the watch, also when it is called before the watch is in place. A watch that cannot start is told to
 * `onError`; the caller then updates at the next round.
 * @example const stop = watchWorktreeUntilStopped(repo, { onChange }); stop();
 */
export function watchWorktreeUntilStopped(
  repo: Pick<Repository, "workTree">,
  options: WorktreeWatchOptions,
): () => void {
  let stopped = false;
  let stop = () => {};
  void watchWorktree(repo, options).then(
    (watch) => (stopped ? watch.close() : (stop = () => watch.close())),
    (error: unknown) => options.onError?.(error),
  );
  return () => {
    stopped = true;
    stop();
  };
}
