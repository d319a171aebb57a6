import type { Kysely, Migration } from "kysely";

/**
 * Every branch in one panel. A release made from a panel that serves another work tree than the branch's
 * names the work tree whose agent it goes to (`reviews.worktree`): any process working there delivers it,
 * whichever process released it. A running panel says which kind of agent runs beside it (`servers.kind`:
 * opencode, mcp, serve) and which review service it is (`servers.instance`, as `sessions.seen_by` names it),
 * so the branch list tells live agents from past ones. Additive: three nullable columns.
 */
export const branchWorktrees: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("reviews").addColumn("worktree", "text").execute();
    await db.schema.alterTable("servers").addColumn("kind", "text").execute();
    await db.schema.alterTable("servers").addColumn("instance", "text").execute();
  },
};
