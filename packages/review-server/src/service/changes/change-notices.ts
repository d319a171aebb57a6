import { renderChangeNotice, type ChangeNotice } from "@opencode-review/core";
import { markChangesTold, untoldChanges, writeTransaction } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/** A stored change as the agent is told of it. */
function notice(row: Awaited<ReturnType<typeof untoldChanges>>[number]): ChangeNotice {
  const { kind, file, start, end } = row;
  return row.old_file === null ? { kind, file, start, end } : { kind, file, start, end, oldPath: row.old_file };
}

/**
 * The person's changes the agent has not been told of yet (restored ones left out), oldest first: what the
 * system prompt's waiting line names until a review_list has told it. One query, no git.
 * @example await untoldNotices(ctx) // [{ kind: "undo", file: "src/a.ts", start: 10, end: 14 }]
 */
export async function untoldNotices(ctx: ServiceContext): Promise<ChangeNotice[]> {
  const repo = await ctx.repository();
  return (await untoldChanges(ctx.db, repo.branchKey)).map(notice);
}

/**
 * The agent's review_list output with the person's untold changes said first, one plain sentence each, and
 * those changes marked told (so the next call, and the system prompt, no longer say them).
 * @example const { output, changes } = await withChangeNotices(ctx, listed)
 */
export async function withChangeNotices<L extends { readonly output: string }>(
  ctx: ServiceContext,
  listed: L,
): Promise<L & { readonly changes: readonly ChangeNotice[] }> {
  const repo = await ctx.repository();
  const untold = await untoldChanges(ctx.db, repo.branchKey);
  if (untold.length === 0) return { ...listed, changes: [] };
  const changes = untold.map(notice);
  await writeTransaction(ctx.db, (trx) =>
    markChangesTold(
      trx,
      untold.map((c) => c.id),
      ctx.now(),
    ),
  );
  const said = changes.map(renderChangeNotice).join("\n");
  return { ...listed, output: `${said}\n\n${listed.output}`, changes };
}
