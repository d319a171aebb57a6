import { markFileViewed, unmarkFileViewed, viewedFilesOfBranch, writeTransaction } from "../../store/index.js";
import { blobId, filesAt, type FileRef } from "../files/file-bytes.js";
import type { ServiceContext } from "../service-context.js";

/**
 * A file's viewed mark as the panel shows it: `viewed` while the file reads as it did when marked,
 * `changed` once it reads otherwise (the agent changed it again: GitHub's "changed since last viewed").
 */
export interface ViewedFileJson {
  readonly path: string;
  readonly state: "viewed" | "changed";
  readonly viewedAt: string;
}

/**
 * The marks of the branch, each judged against the file's content at `ref` (default: the work tree).
 * @example await listViewed(ctx, { ref: "worktree" }) // [{ path: "a.ts", state: "viewed", viewedAt }]
 */
export async function listViewed(ctx: ServiceContext, query: { readonly ref?: FileRef }): Promise<ViewedFileJson[]> {
  const repo = await ctx.repository();
  const marks = await viewedFilesOfBranch(ctx.db, repo.branchKey);
  if (marks.length === 0) return [];
  const bytes = await filesAt(
    ctx,
    repo,
    query.ref ?? "worktree",
    marks.map((m) => m.path),
  );
  const ids = await Promise.all(marks.map((m) => blobId(bytes.get(m.path) ?? null)));
  return marks.map((m, i) => ({
    path: m.path,
    state: ids[i] === m.content_hash ? "viewed" : "changed",
    viewedAt: m.viewed_at,
  }));
}

/**
 * Marks a file viewed with its content at `ref` (default: the work tree), or takes the mark away.
 * @example await setViewed(ctx, { path: "a.ts", viewed: true }) // { path: "a.ts", state: "viewed", viewedAt }
 */
export async function setViewed(
  ctx: ServiceContext,
  input: { readonly path: string; readonly viewed: boolean; readonly ref?: FileRef },
): Promise<ViewedFileJson | { readonly path: string; readonly state: "unviewed" }> {
  const repo = await ctx.repository();
  // Read first (git work outside the transaction), and through the work-tree check even to unmark.
  const bytes = await filesAt(ctx, repo, input.ref ?? "worktree", [input.path]);
  const [path, content] = [...bytes][0]!;
  if (!input.viewed) {
    await writeTransaction(ctx.db, (trx) => unmarkFileViewed(trx, repo.branchKey, path));
    return { path, state: "unviewed" };
  }
  const contentHash = await blobId(content);
  const row = await writeTransaction(ctx.db, (trx) =>
    markFileViewed(trx, { branch: repo.branchKey, path, content_hash: contentHash, viewed_at: ctx.now() }),
  );
  return { path: row.path, state: "viewed", viewedAt: row.viewed_at };
}
