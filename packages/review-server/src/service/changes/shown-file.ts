import { ReviewError } from "@opencode-review/core";
import { snapshotWorktree, type Repository } from "../../git/index.js";
import { withWorktreeBlobs } from "../files/worktree-blobs.js";
import { limitedDiff, type DiffFileJson } from "../rounds/diff-limits.js";
import type { ServiceContext } from "../service-context.js";
import { withKeptHunks } from "./kept-hunks.js";

/** A file of `GET /api/diff` with the work tree's blob of it. */
export type ShownFile = DiffFileJson & { readonly blob: string | null };

/**
 * One file's diff from `start` to the work tree as it reads now, whole (no size limit short of the ceiling),
 * with its blob and kept hunks; null when the file no longer differs.
 * @example await shownFile(ctx, repo, base, "src/a.ts")
 */
export async function shownFile(
  ctx: ServiceContext,
  repo: Repository,
  start: string,
  path: string,
): Promise<ShownFile | null> {
  const { tree } = await snapshotWorktree(repo);
  let files: DiffFileJson[];
  try {
    files = await limitedDiff(repo, start, tree, { file: path, full: true });
  } catch (error) {
    if (error instanceof ReviewError && error.code === "not_found") return null;
    throw error;
  }
  const file = files.find((f) => f.path === path) ?? files[0];
  if (file === undefined) return null;
  const [withBlob] = await withWorktreeBlobs(repo, tree, [file]);
  const [kept] = await withKeptHunks(ctx, repo, [withBlob!]);
  return kept!;
}
