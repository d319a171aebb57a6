import type { Hunk } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import { keptHunksOfBranch } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { hunkKey } from "./hunk-key.js";

/**
 * The diff's files with `kept: true` on each hunk the person kept whose text reads as it did then.
 * Only files with kept hunks are hashed; the rest come back as they were.
 * @example await withKeptHunks(ctx, repo, files)
 */
export async function withKeptHunks<F extends { readonly path: string; readonly hunks: readonly Hunk[] }>(
  ctx: ServiceContext,
  repo: Repository,
  files: readonly F[],
): Promise<F[]> {
  const kept = await keptHunksOfBranch(ctx.db, repo.branchKey);
  if (kept.size === 0) return [...files];
  return Promise.all(
    files.map(async (file) => {
      const keys = kept.get(file.path);
      if (keys === undefined || file.hunks.length === 0) return file;
      const hunks = await Promise.all(
        file.hunks.map(async (hunk) => (keys.has(await hunkKey(hunk)) ? { ...hunk, kept: true as const } : hunk)),
      );
      return { ...file, hunks };
    }),
  );
}
