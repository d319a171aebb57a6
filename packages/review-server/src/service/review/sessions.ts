import { latestSession, upsertSession, writeTransaction } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

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
 * The session a release goes to: the one the doorbell picks itself when it does (`target`), else the
 * branch's most recently active one or, when the doorbell reaches only this process's sessions, the most
 * recently active one this service saw (null: none).
 * @example const target = await releaseTarget(ctx, repo.branchKey); // { id: "ses_1", title: "Fix parser" }
 */
export async function releaseTarget(
  ctx: ServiceContext,
  branch: string,
): Promise<{ readonly id: string; readonly title: string } | null> {
  if (ctx.delivery.target !== undefined) return ctx.delivery.target();
  const row = await latestSession(
    ctx.db,
    branch,
    ctx.delivery.ownSessionsOnly === true ? { seenBy: ctx.instanceId } : {},
  );
  return row === undefined ? null : { id: row.id, title: row.title };
}
