import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/** One changed file as git's raw listing names it, with the sizes of both sides (0 for a side that is absent). */
export interface DiffEntry {
  readonly path: string;
  readonly oldPath: string | null;
  readonly status: string;
  readonly oldSize: number;
  readonly newSize: number;
  /** The blob id on the new side; null when the file is gone there. */
  readonly newBlob: string | null;
}

const ZERO = /^0+$/;

/**
 * The files that differ between two trees and their blob sizes, without reading any content: what the
 * per-file limits are decided on before a byte of a huge file is parsed.
 * @example const entries = await diffEntries(repo, base, tree) // [{ path: "big.log", newSize: 104857600, ... }]
 */
export async function diffEntries(repo: Pick<Repository, "workTree">, from: string, to: string): Promise<DiffEntry[]> {
  const raw = await runGit(repo.workTree, ["diff-tree", "-r", "-M", "-z", "--raw", "--no-ext-diff", from, to]);
  const fields = raw.split("\0");
  const listed: { path: string; oldPath: string | null; status: string; oldSha: string; newSha: string }[] = [];
  for (let i = 0; i + 1 < fields.length; ) {
    const head = fields[i++]!;
    if (!head.startsWith(":")) continue;
    const [, , oldSha = "", newSha = "", status = ""] = head.slice(1).split(" ");
    if (status.startsWith("R") || status.startsWith("C")) {
      const oldPath = fields[i++]!;
      listed.push({ path: fields[i++]!, oldPath, status, oldSha, newSha });
    } else {
      listed.push({ path: fields[i++]!, oldPath: null, status, oldSha, newSha });
    }
  }
  const shas = [...new Set(listed.flatMap((e) => [e.oldSha, e.newSha]).filter((sha) => sha !== "" && !ZERO.test(sha)))];
  const sizes = new Map<string, number>();
  if (shas.length > 0) {
    const out = await runGit(repo.workTree, ["cat-file", "--batch-check=%(objectname) %(objectsize)"], {
      input: `${shas.join("\n")}\n`,
    });
    for (const line of out.split("\n")) {
      const [sha, size] = line.split(" ");
      if (sha && size && /^\d+$/.test(size)) sizes.set(sha, Number(size));
    }
  }
  return listed.map((e) => ({
    path: e.path,
    oldPath: e.oldPath,
    status: e.status,
    oldSize: sizes.get(e.oldSha) ?? 0,
    newSize: sizes.get(e.newSha) ?? 0,
    newBlob: e.newSha === "" || ZERO.test(e.newSha) ? null : e.newSha,
  }));
}

/**
 * Lines added and deleted per file (git's --numstat), for files too large to show: the count is made by
 * git in its own process, so a huge file costs the server nothing but the wait. Binary files count null.
 * @example await changedLineCounts(repo, base, tree, ["big.log"]) // Map { "big.log" => { additions: 2000000, deletions: 0 } }
 */
export async function changedLineCounts(
  repo: Pick<Repository, "workTree">,
  from: string,
  to: string,
  paths: readonly string[],
): Promise<Map<string, { readonly additions: number | null; readonly deletions: number | null }>> {
  const counts = new Map<string, { additions: number | null; deletions: number | null }>();
  if (paths.length === 0) return counts;
  const out = await runGit(repo.workTree, [
    "diff-tree",
    "-r",
    "-z",
    "--numstat",
    "--no-ext-diff",
    "--no-renames",
    from,
    to,
    "--",
    ...paths.map((p) => `:(literal)${p}`),
  ]);
  for (const record of out.split("\0")) {
    const [added, deleted, path] = record.split("\t");
    if (path === undefined) continue;
    counts.set(path, {
      additions: added === "-" ? null : Number(added),
      deletions: deleted === "-" ? null : Number(deleted),
    });
  }
  return counts;
}
