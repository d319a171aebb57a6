import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `sessions`: the agent sessions seen on the repository; the most recently active one is the release target. */
export interface SessionsTable {
  /** opencode's session id. */
  id: string;
  branch: string;
  title: string;
  directory: string;
  last_active_at: string;
  /** The opencode server that runs it, when known. */
  server_url: string | null;
  /** The review service (one per opencode process) that last saw it, when known (migration 0003). */
  seen_by: string | null;
}

export type SessionRow = Readonly<Selectable<SessionsTable>>;

/** A session as seen at `last_active_at` (the caller's clock); `server_url` and `seen_by` default to null. */
export type SeenSession = Pick<SessionRow, "id" | "branch" | "title" | "directory" | "last_active_at"> &
  Partial<Pick<SessionRow, "server_url" | "seen_by">>;

/**
 * Records a session or refreshes it (title, branch, activity) and returns it as stored.
 * @example await upsertSession(trx, { id: "ses_1", branch: "main", title: "Fix parser", directory: "/repo" })
 */
export async function upsertSession(db: Kysely<Database>, session: SeenSession): Promise<SessionRow> {
  requireWriteTransaction(db, "upsertSession");
  const row = {
    id: session.id,
    branch: session.branch,
    title: session.title,
    directory: session.directory,
    last_active_at: session.last_active_at,
    server_url: session.server_url ?? null,
    seen_by: session.seen_by ?? null,
  };
  return db
    .insertInto("sessions")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet((eb) => ({
        branch: eb.ref("excluded.branch"),
        title: eb.ref("excluded.title"),
        directory: eb.ref("excluded.directory"),
        last_active_at: eb.ref("excluded.last_active_at"),
        // A later sighting without a server keeps the one already known.
        server_url: eb.fn.coalesce(eb.ref("excluded.server_url"), eb.ref("sessions.server_url")),
        seen_by: eb.fn.coalesce(eb.ref("excluded.seen_by"), eb.ref("sessions.seen_by")),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The branch's most recently active session (of those `seenBy` one review service, when given), or undefined.
 * @example const target = await latestSession(db, "main", { seenBy: ctx.instanceId })
 */
export async function latestSession(
  db: Kysely<Database>,
  branch: string,
  filter: { readonly seenBy?: string } = {},
): Promise<SessionRow | undefined> {
  let query = db.selectFrom("sessions").selectAll().where("branch", "=", branch);
  if (filter.seenBy !== undefined) query = query.where("seen_by", "=", filter.seenBy);
  return query.orderBy("last_active_at", "desc").limit(1).executeTakeFirst();
}

/**
 * One session by id, or undefined.
 * @example const session = await sessionById(db, "ses_1")
 */
export async function sessionById(db: Kysely<Database>, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}
