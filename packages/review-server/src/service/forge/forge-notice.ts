import type { ForgePullResult } from "./pull-forge-threads.js";

/**
 * The one message that rings the agent when a pull brought new comments: how many, on which pull
 * request, in which files, and what to do (with the tools: call review_list; without: read them in the panel).
 * Null when nothing new waits on the agent.
 * @example forgeNotice(result, "tools") // "2 new comments on PR #7 (https://...) wait for you in src/a.ts. Call review_list to read them."
 */
export function forgeNotice(result: ForgePullResult, mode: "tools" | "prose"): string | null {
  const waiting = result.newComments + result.reopened;
  if (result.unchanged || waiting === 0 || result.files.length === 0) return null;
  const what =
    result.newComments > 0
      ? `${result.newComments} new ${result.newComments === 1 ? "comment" : "comments"}`
      : `${result.reopened} reopened ${result.reopened === 1 ? "thread" : "threads"}`;
  const then =
    mode === "tools" ? "Call review_list to read them, and answer with review_reply." : "The review panel shows them.";
  return `${what} on PR #${result.pr} (${result.url}) wait for you in ${result.files.join(", ")}. ${then}`;
}
