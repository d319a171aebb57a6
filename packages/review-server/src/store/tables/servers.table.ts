import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `servers`: the panels running on this repository, for `opencode-review url`. */
export interface ServersTable {
  /** The panel's URL, never with its token (that is in a 0600 file: panel-tokens.ts); one row per URL. */
  url: string;
  pid: number;
  /** The work tree the panel serves. */
  worktree: string;
  branch: string;
  started_at: string;
  /** Refreshed while the panel runs; an old one means the process died without cleaning up. */
  heartbeat_at: string;
  /** What runs beside the panel (migration 0021): an opencode process, an MCP server, or `serve`; null before. */
  kind: ServerKind | null;
  /** Its review service's id, as `sessions.seen_by` names it (migration 0021); null before. */
  instance: string | null;
}

/** What runs beside a panel. */
export type ServerKind = "opencode" | "mcp" | "serve";

export type ServerRow = Readonly<Selectable<ServersTable>>;

/** A running panel at `heartbeat_at` (the caller's clock); `started_at` defaults to it. */
export type RunningServer = Pick<ServerRow, "url" | "pid" | "worktree" | "branch" | "heartbeat_at"> &
  Partial<Pick<ServerRow, "started_at" | "kind" | "instance">>;

/** Which panels to list. */
export interface ServerFilter {
  readonly worktree?: string;
  /** Only panels whose heartbeat is at or after this time. */
  readonly heartbeatSince?: string;
}

/**
 * Records a running panel or refreshes its heartbeat, and returns it as stored.
 * @example await upsertServer(trx, { url: "http://127.0.0.1:4321", pid: process.pid, worktree: "/repo", branch: "main" })
 */
export async function upsertServer(db: Kysely<Database>, server: RunningServer): Promise<ServerRow> {
  requireWriteTransaction(db, "upsertServer");
  return db
    .insertInto("servers")
    .values({
      url: server.url,
      pid: server.pid,
      worktree: server.worktree,
      branch: server.branch,
      started_at: server.started_at ?? server.heartbeat_at,
      heartbeat_at: server.heartbeat_at,
      kind: server.kind ?? null,
      instance: server.instance ?? null,
    })
    .onConflict((conflict) =>
      conflict.column("url").doUpdateSet((eb) => ({
        pid: eb.ref("excluded.pid"),
        worktree: eb.ref("excluded.worktree"),
        branch: eb.ref("excluded.branch"),
        heartbeat_at: eb.ref("excluded.heartbeat_at"),
        kind: eb.ref("excluded.kind"),
        instance: eb.ref("excluded.instance"),
        // The same process refreshing keeps its start time; a new process on the port starts anew.
        started_at: eb
          .case()
          .when("servers.pid", "=", eb.ref("excluded.pid"))
          .then(eb.ref("servers.started_at"))
          .else(eb.ref("excluded.started_at"))
          .end(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The recorded panels, newest first, optionally of one work tree or recently alive.
 * @example const panels = await listServers(db, { worktree: "/repo" })
 */
export async function listServers(db: Kysely<Database>, filter: ServerFilter = {}): Promise<ServerRow[]> {
  let query = db.selectFrom("servers").selectAll();
  if (filter.worktree !== undefined) query = query.where("worktree", "=", filter.worktree);
  if (filter.heartbeatSince !== undefined) query = query.where("heartbeat_at", ">=", filter.heartbeatSince);
  return query.orderBy("started_at", "desc").execute();
}

/**
 * Forgets a panel (it stopped, or its process is gone); true when it was recorded.
 * @example await removeServer(trx, "http://127.0.0.1:4321")
 */
export async function removeServer(db: Kysely<Database>, url: string): Promise<boolean> {
  requireWriteTransaction(db, "removeServer");
  const result = await db.deleteFrom("servers").where("url", "=", url).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
