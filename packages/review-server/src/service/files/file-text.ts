import { ReviewError } from "@opencode-review/core";
import { readFiles, readWorktreeFile, resolveWorktreePath } from "../../git/index.js";
import { roundOfBranch } from "../rounds/branch-rounds.js";
import type { ServiceContext } from "../service-context.js";
import { ensureRound } from "../rounds/record-round.js";

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
      : ((
          await readFiles(
            repo,
            ref === "base" ? (await ensureRound(ctx, repo)).base : (await roundOfBranch(ctx, repo, ref)).snapshot,
            [path],
          )
        ).get(path) ?? {
          kind: "missing" as const,
        });
  if (content.kind === "missing")
    throw new ReviewError("not_found", `${path} does not exist at ${ref}. Check the path and the round.`);
  if (content.kind === "binary") throw new ReviewError("binary", `${path} is a binary file; it has no lines to show.`);
  return { path, text: content.text };
}
