import { upsertSession, writeTransaction } from "../store/index.js";
import type { ServiceContext } from "./service-context.js";

/**
 * Remembers an agent session as active now; the most recently active one receives the next release.
 * @example await recordSession(ctx, { id: "ses_1", title: "Add pagination", directory: "/repo" });
 */
export async function recordSession(
  ctx: ServiceContext,
  session: { readonly id: string; readonly title: string; readonly directory: string },
): Promise<void> {
  const repo = await ctx.repository();
  await writeTransaction(ctx.db, (trx) =>
    upsertSession(trx, { ...session, branch: repo.branchKey, last_active_at: ctx.now() }),
  );
}
