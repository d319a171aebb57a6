import { locatedAnchorsOf, threadsByBranch } from "../../store/index.js";
import { worktreeHas } from "../../git/index.js";
import type { ServiceContext } from "../service-context.js";

/**
 * How many threads wait on the agent and in which files: the one cheap query behind the system-prompt
 * line (it runs on every model call, so no git and no anchoring here). A file that is gone from the work
 * tree is named by the path its threads were last found at (a rename, kept with the anchors) when that
 * path is there; one lstat per file, and one query only when a file is gone.
 * @example const { count, files } = await waitingForAgent(ctx);
 */
export async function waitingForAgent(
  ctx: ServiceContext,
): Promise<{ readonly count: number; readonly files: readonly string[] }> {
  const repo = await ctx.repository();
  const open = await threadsByBranch(ctx.db, repo.branchKey, { status: "open" });
  const waiting = open.filter((t) => t.awaiting === "agent");
  const gone = waiting.filter((t) => !worktreeHas(repo, t.file));
  const renamed = new Map<string, string>();
  if (gone.length > 0) {
    const kept = await locatedAnchorsOf(
      ctx.db,
      gone.map((t) => t.id),
    ).catch(() => new Map<string, never>());
    for (const t of gone) {
      const to = renamedPath(kept.get(t.id)?.anchor);
      if (to !== null && worktreeHas(repo, to)) renamed.set(t.id, to);
    }
  }
  return { count: waiting.length, files: [...new Set(waiting.map((t) => renamed.get(t.id) ?? t.file))] };
}

/** The path a kept anchor (JSON) says its thread's file was renamed to, or null. */
function renamedPath(anchor: string | undefined): string | null {
  if (anchor === undefined) return null;
  try {
    const file = (JSON.parse(anchor) as { file?: unknown }).file;
    return typeof file === "string" ? file : null;
  } catch {
    return null;
  }
}
