import type { Finding } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import type { FindingRow } from "../../store/index.js";
import { createFileReader } from "../files/file-reader.js";
import { locateThreads, roundsOf, type LocateTarget } from "../threads/locate-threads.js";
import type { ServiceContext } from "../service-context.js";
import { placeJson } from "../threads/thread-json.js";

/**
 * Findings as the Thread-shaped JSON of the contract (origin `reviewer`), each anchor located against the
 * work tree now (or a round's snapshot with `target.at`): findings re-anchor like every thread.
 * @example const shown = await findingsJson(ctx, repo, rows);
 */
export async function findingsJson(
  ctx: ServiceContext,
  repo: Repository,
  rows: readonly FindingRow[],
  target?: LocateTarget,
): Promise<Finding[]> {
  if (rows.length === 0) return [];
  const rounds = await roundsOf(ctx.db, rows);
  const anchors = await locateThreads(ctx, repo, rows, createFileReader(repo, ctx.commitFiles), rounds, target);
  return rows.map((row) => {
    const round = rounds.get(row.round_id)!;
    const resolved = row.status === "resolved";
    return {
      ...placeJson(row, round, anchors.get(row.id)!),
      status: row.status === "superseded" ? "dismissed" : row.status,
      awaiting: row.status === "open" ? "human" : null,
      origin: "reviewer",
      severity: row.severity,
      run: { id: row.run_id },
      acceptedThreadId: row.accepted_thread_id,
      resolvedAt: resolved ? row.updated_at : null,
      resolvedBy: resolved ? "human" : null,
      unreadByHuman: row.human_seen_at === null,
      messages: [
        {
          id: `${row.id}_m`,
          author: "agent",
          body: row.body,
          suggestion: row.suggestion,
          createdAt: row.created_at,
          delivery: "sent",
        },
      ],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}
