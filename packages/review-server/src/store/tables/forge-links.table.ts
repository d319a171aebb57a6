import { sql, type Kysely } from "kysely";
import type { ForgeKind, ForgeReplyState } from "@opencode-review/core";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";
import { idsTable } from "./ids-table.js";

/** `forge_pulls` (migration 0012): a pull request whose threads were pulled, and what its last pull saw. */
export interface ForgePullsTable {
  id: string;
  kind: ForgeKind;
  host: string;
  owner: string;
  repo: string;
  number: number;
  branch: string;
  url: string;
  fingerprint: string | null;
  pulled_at: string | null;
  threads: number;
  comments: number;
  /** The token's account when the last pull ran (migration 0016); null before. */
  login: string | null;
  /** 1 when the forge's API can resolve a thread, as the last pull found it (migration 0018); null before. */
  can_resolve: number | null;
}

/** `forge_threads`: the pull-request thread a thread came from. */
export interface ForgeThreadsTable {
  thread_id: string;
  pull_id: string;
  forge_id: string;
  url: string;
  reply_to: string;
  resolved_on_forge: number;
}

/** `forge_messages`: a comment pulled from the forge, or an agent reply to go there. */
export interface ForgeMessagesTable {
  message_id: string;
  pull_id: string;
  forge_id: string | null;
  url: string | null;
  login: string | null;
  state: ForgeReplyState | null;
  error: string | null;
  resolve: number;
  resolved_on_forge: number;
  sent_at: string | null;
  /** The end of the lease of the push sending it now (migration 0018); null when no push holds it. */
  claimed_until: string | null;
}

export type ForgePullRow = Readonly<ForgePullsTable>;
export type ForgeThreadRow = Readonly<ForgeThreadsTable>;
export type ForgeMessageRow = Readonly<ForgeMessagesTable>;

/** Which pull request: the forge's host and repository, and its number. */
export interface ForgePullKey {
  readonly kind: ForgeKind;
  readonly host: string;
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
}

/**
 * The stored row of a pull request, made on first use; its branch and URL follow what the forge says now.
 * @example const pull = await ensureForgePull(trx, { kind: "github", host: "github.com", owner: "o", repo: "r", number: 7 }, "feature", url)
 */
export async function ensureForgePull(
  db: Kysely<Database>,
  key: ForgePullKey,
  branch: string,
  url: string,
): Promise<ForgePullRow> {
  requireWriteTransaction(db, "ensureForgePull");
  const found = await forgePullByKey(db, key);
  if (found !== undefined) {
    if (found.branch === branch && found.url === url) return found;
    return db
      .updateTable("forge_pulls")
      .set({ branch, url })
      .where("id", "=", found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .insertInto("forge_pulls")
    .values({
      id: newId("forge"),
      ...key,
      branch,
      url,
      fingerprint: null,
      pulled_at: null,
      threads: 0,
      comments: 0,
      login: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** @example await forgePullByKey(db, key) // undefined before the first pull */
export async function forgePullByKey(db: Kysely<Database>, key: ForgePullKey): Promise<ForgePullRow | undefined> {
  return db
    .selectFrom("forge_pulls")
    .selectAll()
    .where("host", "=", key.host)
    .where("owner", "=", key.owner)
    .where("repo", "=", key.repo)
    .where("number", "=", key.number)
    .executeTakeFirst();
}

/** The pull requests pulled for a branch, the latest pulled first. */
export async function forgePullsOfBranch(db: Kysely<Database>, branch: string): Promise<ForgePullRow[]> {
  return db.selectFrom("forge_pulls").selectAll().where("branch", "=", branch).orderBy("pulled_at", "desc").execute();
}

/** Records what a finished pull saw. */
export async function markForgePulled(
  db: Kysely<Database>,
  id: string,
  seen: Pick<ForgePullRow, "fingerprint" | "pulled_at" | "threads" | "comments" | "login"> &
    Partial<Pick<ForgePullRow, "can_resolve">>,
): Promise<void> {
  requireWriteTransaction(db, "markForgePulled");
  await db.updateTable("forge_pulls").set(seen).where("id", "=", id).execute();
}

/** The stored threads of a pull request, by the forge's thread id. */
export async function forgeThreadsOfPull(db: Kysely<Database>, pullId: string): Promise<Map<string, ForgeThreadRow>> {
  const rows = await db.selectFrom("forge_threads").selectAll().where("pull_id", "=", pullId).execute();
  return new Map(rows.map((r) => [r.forge_id, r]));
}

/** The forge links of the given threads, by thread id (threads that came from no pull request are left out). */
export async function forgeThreadsByIds(
  db: Kysely<Database>,
  threadIds: readonly string[],
): Promise<Map<string, ForgeThreadRow & { readonly kind: ForgeKind; readonly number: number }>> {
  const out = new Map<string, ForgeThreadRow & { readonly kind: ForgeKind; readonly number: number }>();
  for (let i = 0; i < threadIds.length; i += 500) {
    const rows = await db
      .selectFrom("forge_threads")
      .innerJoin("forge_pulls", "forge_pulls.id", "forge_threads.pull_id")
      .selectAll("forge_threads")
      .select(["forge_pulls.kind", "forge_pulls.number"])
      .where("forge_threads.thread_id", "in", idsTable(threadIds.slice(i, i + 500)))
      .execute();
    for (const row of rows) out.set(row.thread_id, row);
  }
  return out;
}

/** @example await insertForgeThread(trx, { thread_id, pull_id, forge_id, url, reply_to, resolved_on_forge: 0 }) */
export async function insertForgeThread(db: Kysely<Database>, row: ForgeThreadRow): Promise<void> {
  requireWriteTransaction(db, "insertForgeThread");
  await db.insertInto("forge_threads").values(row).execute();
}

/** Records the forge's resolved flag as last pulled or set. */
export async function setForgeThreadResolved(db: Kysely<Database>, threadId: string, resolved: boolean): Promise<void> {
  requireWriteTransaction(db, "setForgeThreadResolved");
  await db
    .updateTable("forge_threads")
    .set({ resolved_on_forge: resolved ? 1 : 0 })
    .where("thread_id", "=", threadId)
    .execute();
}

/** The forge side of the given messages, by message id. */
export async function forgeMessagesByIds(
  db: Kysely<Database>,
  messageIds: readonly string[],
): Promise<Map<string, ForgeMessageRow>> {
  const out = new Map<string, ForgeMessageRow>();
  for (let i = 0; i < messageIds.length; i += 500) {
    const rows = await db
      .selectFrom("forge_messages")
      .selectAll()
      .where("message_id", "in", messageIds.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.message_id, row);
  }
  return out;
}

/** The forge comment ids already stored for a pull request (pulled, or posted by a push). */
export async function forgeCommentIdsOfPull(db: Kysely<Database>, pullId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("forge_messages")
    .select("forge_id")
    .where("pull_id", "=", pullId)
    .where("forge_id", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.forge_id!));
}

/** Replies of a pull request waiting for a push (queued, or failed and to be tried again), oldest first. */
export async function unsentForgeReplies(db: Kysely<Database>, pullId: string): Promise<ForgeMessageRow[]> {
  return db
    .selectFrom("forge_messages")
    .innerJoin("messages", "messages.id", "forge_messages.message_id")
    .selectAll("forge_messages")
    .where("forge_messages.pull_id", "=", pullId)
    .where((eb) =>
      eb.or([
        eb("forge_messages.state", "in", ["queued", "failed"]),
        eb.and([
          eb("forge_messages.state", "=", "posted"),
          eb("forge_messages.resolve", "=", 1),
          eb("forge_messages.resolved_on_forge", "=", 0),
        ]),
      ]),
    )
    .orderBy("messages.created_at", "asc")
    .orderBy(sql`messages.rowid`, "asc")
    .execute();
}

/** @example await insertForgeMessage(trx, { message_id, pull_id, forge_id: "101", url, login: "alice", state: null, ... }) */
export async function insertForgeMessage(
  db: Kysely<Database>,
  row: Omit<ForgeMessageRow, "resolved_on_forge" | "sent_at" | "error" | "claimed_until"> & Partial<ForgeMessageRow>,
): Promise<void> {
  requireWriteTransaction(db, "insertForgeMessage");
  await db
    .insertInto("forge_messages")
    .values({ error: null, resolved_on_forge: 0, sent_at: null, claimed_until: null, ...row })
    .execute();
}

/** Changes the forge side of a message. */
export async function updateForgeMessage(
  db: Kysely<Database>,
  messageId: string,
  patch: Partial<Omit<ForgeMessageRow, "message_id" | "pull_id">>,
): Promise<void> {
  requireWriteTransaction(db, "updateForgeMessage");
  await db.updateTable("forge_messages").set(patch).where("message_id", "=", messageId).execute();
}

/** What a push's claim on a reply got: nothing (another push holds it, or it is posted), or the reply to send. */
export type ReplyClaim =
  | { readonly claimed: false }
  /** `tried`: a push sent it before (its answer lost, or its lease ran out): look for it on the forge first. */
  | { readonly claimed: true; readonly tried: boolean };

/**
 * Claims a reply for one push, in one write transaction: only when it is not posted and no other push's
 * lease on it is running (`claimed_until` later than `now`). The claim records the attempt (`sent_at`), so
 * whoever comes next after a lost answer or a dead pusher looks on the forge before sending it again.
 * @example const claim = await writeTransaction(db, (trx) => claimForgeReply(trx, id, { now, until }));
 */
export async function claimForgeReply(
  db: Kysely<Database>,
  messageId: string,
  lease: { readonly now: string; readonly until: string },
): Promise<ReplyClaim> {
  requireWriteTransaction(db, "claimForgeReply");
  const row = await db
    .selectFrom("forge_messages")
    .select(["state", "sent_at", "claimed_until"])
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  if (row === undefined || row.state === null || row.state === "posted") return { claimed: false };
  if (row.claimed_until !== null && Date.parse(row.claimed_until) > Date.parse(lease.now)) return { claimed: false };
  await db
    .updateTable("forge_messages")
    .set({ claimed_until: lease.until, sent_at: lease.now })
    .where("message_id", "=", messageId)
    .execute();
  return { claimed: true, tried: row.sent_at !== null };
}
