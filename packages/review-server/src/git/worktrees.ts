import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { ReviewError } from "@opencode-review/core";
import { openRepository, type Repository } from "./open-repository.js";
import { execGit, runGit } from "./run-git.js";

/** One work tree of the repository, as `git worktree list --porcelain` names it. */
export interface WorktreeEntry {
  /** Absolute path of its top folder. */
  readonly path: string;
  /** The commit checked out there; null on an unborn branch. */
  readonly head: string | null;
  /** The branch's short name; null when detached (or bare). */
  readonly branch: string | null;
  readonly bare: boolean;
  /** Its folder is gone (`git worktree prune` would drop it): listed, never opened. */
  readonly prunable: boolean;
}

/** The folder under the git common dir where read-only views of branches checked out nowhere are kept. */
const VIEWS = ["opencode-review", "views"];

/**
 * Every work tree of the repository `repo` belongs to (the main one first), read-only views made by
 * `branchView` left out.
 * @example (await listWorktrees(repo)).map((w) => w.branch) // ["main", "agent-a"]
 */
export async function listWorktrees(repo: Pick<Repository, "workTree" | "commonDir">): Promise<WorktreeEntry[]> {
  const out = await runGit(repo.workTree, ["worktree", "list", "--porcelain", "-z"]);
  const views = join(repo.commonDir, ...VIEWS);
  const entries: WorktreeEntry[] = [];
  // -z: records end with an empty field; each field is "name value" or a bare flag.
  let current: { path: string; head: string | null; branch: string | null; bare: boolean; prunable: boolean } | null =
    null;
  for (const field of out.split("\0")) {
    if (field === "") {
      if (current !== null && !current.path.startsWith(views)) entries.push(current);
      current = null;
      continue;
    }
    const space = field.indexOf(" ");
    const name = space === -1 ? field : field.slice(0, space);
    const value = space === -1 ? "" : field.slice(space + 1);
    if (name === "worktree") current = { path: value, head: null, branch: null, bare: false, prunable: false };
    else if (current === null) continue;
    else if (name === "HEAD") current.head = /^0+$/.test(value) ? null : value;
    else if (name === "branch") current.branch = value.replace(/^refs\/heads\//, "");
    else if (name === "bare") current.bare = true;
    else if (name === "prunable") current.prunable = true;
  }
  if (current !== null && !current.path.startsWith(views)) entries.push(current);
  return entries;
}

/**
 * The local branches and the commit each points at.
 * @example (await localBranches(repo)).get("main") // "3f2a…"
 */
export async function localBranches(repo: Pick<Repository, "workTree">): Promise<Map<string, string>> {
  const out = await runGit(repo.workTree, ["for-each-ref", "--format=%(refname:short)%00%(objectname)", "refs/heads/"]);
  const map = new Map<string, string>();
  for (const line of out.split("\n")) {
    const [name, sha] = line.split("\0");
    if (name && sha) map.set(name, sha);
  }
  return map;
}

/**
 * A read-only view of a branch checked out nowhere: a detached work tree of `commit` (the branch's last
 * round) under the git common dir, so its threads are located and its diff read as they were at that round.
 * The Repository it answers names the branch, not the detached HEAD. Made once per commit; writes to it are
 * refused by the callers (it is not the branch's work tree).
 * @example const view = await branchView(repo, "agent-b", round.snapshot_commit)
 */
export async function branchView(
  repo: Pick<Repository, "workTree" | "commonDir">,
  branch: string,
  commit: string,
  head: string | null,
): Promise<Repository> {
  const folder = join(repo.commonDir, ...VIEWS, branch.replace(/[^A-Za-z0-9._-]/g, "_"));
  if (existsSync(folder)) {
    const opened = await openRepository(folder).catch(() => null);
    if (opened?.head !== commit) {
      await execGit(repo.workTree, ["worktree", "remove", "--force", folder]);
      await rm(folder, { recursive: true, force: true });
      await execGit(repo.workTree, ["worktree", "prune"]);
    }
  }
  if (!existsSync(folder)) {
    await mkdir(join(repo.commonDir, ...VIEWS), { recursive: true });
    const added = await execGit(repo.workTree, ["worktree", "add", "--detach", "--force", folder, commit]);
    if (added.exitCode !== 0)
      throw new ReviewError("internal", `Could not read branch ${branch} at its last round: ${added.stderr.trim()}`);
  }
  const opened = await openRepository(folder);
  return { ...opened, branch, branchKey: branch, head };
}

/**
 * Drops every read-only view (see branchView) a branch has; nothing when it has none.
 * @example await dropBranchView(repo, "agent-b")
 */
export async function dropBranchView(repo: Pick<Repository, "workTree" | "commonDir">, branch: string): Promise<void> {
  const folder = join(repo.commonDir, ...VIEWS, branch.replace(/[^A-Za-z0-9._-]/g, "_"));
  if (!existsSync(folder)) return;
  await execGit(repo.workTree, ["worktree", "remove", "--force", folder]);
  await rm(folder, { recursive: true, force: true });
  await execGit(repo.workTree, ["worktree", "prune"]);
}

/** How big a change is: files touched, lines added and deleted (a binary file counts as a file, no lines). */
export interface DiffSize {
  readonly files: number;
  readonly additions: number;
  readonly deletions: number;
}

/**
 * The size of the change between two trees or commits, from git's own line counts, without a diff's text.
 * @example await diffSize(repo, base, snapshot.tree) // { files: 3, additions: 40, deletions: 2 }
 */
export async function diffSize(repo: Pick<Repository, "workTree">, from: string, to: string): Promise<DiffSize> {
  const out = await runGit(repo.workTree, ["diff-tree", "-r", "--numstat", "--no-renames", from, to]);
  let files = 0;
  let additions = 0;
  let deletions = 0;
  for (const line of out.split("\n")) {
    const [added, deleted] = line.split("\t");
    if (added === undefined || deleted === undefined) continue;
    files += 1;
    additions += Number.parseInt(added, 10) || 0;
    deletions += Number.parseInt(deleted, 10) || 0;
  }
  return { files, additions, deletions };
}

/**
 * A text that changes when the work tree's files do, read the way `git status` reads them: the changed and
 * untracked paths with the size and time of each. For work trees watched by polling instead of inotify
 * (over the watch budget); costs about one `git status`.
 * @example const before = await worktreeStatusStamp(dir); ...; (await worktreeStatusStamp(dir)) !== before
 */
export async function worktreeStatusStamp(workTree: string): Promise<string> {
  const out = await execGit(workTree, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]);
  if (out.exitCode !== 0) return `gone:${out.stderr.trim()}`;
  const text = out.stdout.toString("utf8");
  const parts: string[] = [text];
  for (const entry of text.split("\0")) {
    const path = entry.slice(3);
    if (path === "") continue;
    try {
      const info = statSync(join(workTree, path));
      parts.push(`${info.size}:${info.mtimeMs}`);
    } catch {
      parts.push("-");
    }
  }
  return parts.join("\n");
}

/**
 * A text that changes when a work tree is added or removed, a HEAD moves or a branch is made or deleted:
 * the times of the files git changes then, read without running git.
 * @example worktreeListStamp(repo)
 */
export function worktreeListStamp(repo: Pick<Repository, "commonDir">): string {
  const times: string[] = [];
  for (const path of ["worktrees", "refs/heads", "packed-refs", "HEAD"]) {
    try {
      times.push(String(statSync(join(repo.commonDir, path)).mtimeMs));
    } catch {
      times.push("-");
    }
  }
  try {
    for (const name of readdirSync(join(repo.commonDir, "worktrees")))
      times.push(`${name}:${statSync(join(repo.commonDir, "worktrees", name, "HEAD")).mtimeMs}`);
  } catch {
    // No linked work tree at all.
  }
  return times.join(" ");
}
