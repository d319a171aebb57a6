import { latestSession, upsertSession, writeTransaction, type SessionRow } from "../store/index.js";
import type { ServiceContext } from "./service-context.js";

/**
 * Remembers an agent session as active now, and as seen by this service; the most recently active one
 * receives the next release (see `releaseTarget`).
 * @example await recordSession(ctx, { id: "ses_1", title: "Add pagination", directory: "/repo" });
 */
export async function recordSession(
  ctx: ServiceContext,
  session: { readonly id: string; readonly title: string; readonly directory: string },
): Promise<void> {
  const repo = await ctx.repository();
  await writeTransaction(ctx.db, (trx) =>
    upsertSession(trx, { ...session, branch: repo.branchKey, last_active_at: ctx.now(), seen_by: ctx.instanceId }),
  );
}

/**
 * The session a release goes to: the branch's most recently active one, or, when the doorbell reaches only
 * this process's sessions, the most recently active one this service saw (undefined: none).
 * @example const target = await releaseTarget(ctx, repo.branchKey);
 */
export async function releaseTarget(ctx: ServiceContext, branch: string): Promise<SessionRow | undefined> {
  return latestSession(ctx.db, branch, ctx.delivery.ownSessionsOnly === true ? { seenBy: ctx.instanceId } : {});
}
