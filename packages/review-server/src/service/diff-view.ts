import { ReviewError } from "@opencode-review/core";
import { branchMergeBase, readFiles, readWorktreeFile, resolveWorktreePath, snapshotWorktree, type Repository } from "../git/index.js";
import { limitedDiff, type DiffFileJson } from "./diff-limits.js";
import { roundById, roundsByBranch, type RoundRow } from "../store/index.js";
import { roundJson, type RoundJson } from "./round-json.js";
import type { ServiceContext } from "./service-context.js";
import { ensureRound } from "./take-round.js";

/**
 * The branch's rounds, oldest first.
 * @example const rounds = await listRounds(ctx);
 */
export async function listRounds(ctx: ServiceContext): Promise<RoundJson[]> {
  const repo = await ctx.repository();
  return (await roundsByBranch(ctx.db, repo.branchKey)).map(roundJson);
}

/**
 * The diff between two points of the review: `base` or a round, to a round or the work tree
 * (default: base to the work tree). The base is the branch's review base (HEAD at its first round).
 * @example const files = await reviewDiff(ctx, { from: "base", to: "worktree" });
 */
export async function reviewDiff(
  ctx: ServiceContext,
  query: { readonly from?: string; readonly to?: string; readonly file?: string; readonly full?: boolean },
): Promise<DiffFileJson[]> {
  const repo = await ctx.repository();
  const latest = await ensureRound(ctx, repo);
  const from =
    query.from === undefined || query.from === "base"
      ? latest.base
      : query.from.startsWith("branch:")
        ? await branchBase(repo, query.from.slice("branch:".length))
        : (await roundOf(ctx, repo, query.from)).snapshot;
  const to = query.to === undefined || query.to === "worktree" ? (await snapshotWorktree(repo)).tree : (await roundOf(ctx, repo, query.to)).snapshot;
  // Files over the per-file limits are listed, not parsed: one huge file no longer costs the whole diff.
  return limitedDiff(repo, from, to, {
    ...(query.file === undefined ? {} : { file: query.file }),
    ...(query.full === undefined ? {} : { full: query.full }),
  });
}

/**
 * A file's whole text at `base`, a round or the work tree, for showing the lines a diff hides.
 * @example const { text } = await fileText(ctx, { path: "src/a.ts", ref: "worktree" });
 */
export async function fileText(
  ctx: ServiceContext,
  query: { readonly path: string; readonly ref?: string },
): Promise<{ readonly path: string; readonly text: string }> {
  const repo = await ctx.repository();
  const path = await resolveWorktreePath(repo, query.path, { followLast: false });
  const ref = query.ref ?? "worktree";
  const content =
    ref === "worktree"
      ? await readWorktreeFile(repo, path)
      : ((await readFiles(repo, ref === "base" ? (await ensureRound(ctx, repo)).base : (await roundOf(ctx, repo, ref)).snapshot, [path])).get(path) ?? {
          kind: "missing" as const,
        });
  if (content.kind === "missing") throw new ReviewError("not_found", `${path} does not exist at ${ref}. Check the path and the round.`);
  if (content.kind === "binary") throw new ReviewError("binary", `${path} is a binary file; it has no lines to show.`);
  return { path, text: content.text };
}

/**
 * Where HEAD left a local branch (`from=branch:<name>`): the diff its pull request against that branch would show.
 * @example await branchBase(repo, "main") // "9fceb02…"
 */
export async function branchBase(repo: Repository, name: string): Promise<string> {
  const base = await branchMergeBase(repo, name);
  if (base === null) throw new ReviewError("not_found", `No local branch ${name} that shares history with ${repo.branchKey}. Use a branch from GET /api/bases, base, or a round id.`);
  return base;
}

async function roundOf(ctx: ServiceContext, repo: Repository, id: string): Promise<RoundRow> {
  const round = await roundById(ctx.db, id);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError("not_found", `No round ${id} on ${repo.branchKey}. Use base, worktree, or a round id from GET /api/rounds.`);
  }
  return round;
}
