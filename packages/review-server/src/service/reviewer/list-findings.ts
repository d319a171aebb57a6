import { ReviewError, type Finding } from "@opencode-review/core";
import { publishedFindings, roundById } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { findingsJson } from "./finding-json.js";

/**
 * The reviewer findings the person sees: those of released runs, superseded ones left out, located in
 * the work tree now or in round `at`'s snapshot; `status=waiting` keeps the open ones.
 * @example const findings = await listFindings(ctx, { status: "waiting" });
 */
export async function listFindings(
  ctx: ServiceContext,
  query: { readonly status?: "waiting" | "all"; readonly at?: string } = {},
): Promise<Finding[]> {
  const repo = await ctx.repository();
  let rows = await publishedFindings(ctx.db, repo.branchKey);
  if (query.status === "waiting") rows = rows.filter((r) => r.status === "open");
  if (query.at === undefined) return findingsJson(ctx, repo, rows);
  const round = await roundById(ctx.db, query.at);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError(
      "not_found",
      `No round ${query.at} on ${repo.branchKey}. Pick a round from GET /api/rounds, or leave at out for the work tree.`,
    );
  }
  return findingsJson(ctx, repo, rows, { at: round.snapshot });
}
