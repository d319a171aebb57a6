import { threadsByBranch } from "../store/index.js";
import type { ServiceContext } from "./service-context.js";

/**
 * How many threads wait on the agent and in which files: the one cheap query behind the system-prompt
 * line (it runs on every model call, so no git and no anchoring here).
 * @example const { count, files } = await waitingForAgent(ctx);
 */
export async function waitingForAgent(ctx: ServiceContext): Promise<{ readonly count: number; readonly files: readonly string[] }> {
  const repo = await ctx.repository();
  const open = await threadsByBranch(ctx.db, repo.branchKey, { status: "open" });
  const waiting = open.filter((t) => t.awaiting === "agent");
  return { count: waiting.length, files: [...new Set(waiting.map((t) => t.file))] };
}
