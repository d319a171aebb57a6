import { sql } from "kysely";
import { forgePullsOfBranch } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/** A reply of the agent waiting to go to the pull request (or refused by it). */
export interface WaitingReply {
  readonly messageId: string;
  readonly threadId: string;
  readonly file: string;
  readonly line: number | null;
  readonly body: string;
  readonly state: "queued" | "failed";
  /** A push has claimed it and is sending it now: no other push will. */
  readonly sending: boolean;
  readonly error: string | null;
  /** The push resolves the forge thread too: the checked resolve accepted the agent's claim. */
  readonly resolves: boolean;
  /** Who the comment answers in that thread (the login of its first comment). */
  readonly to: string | null;
  /** The forge comment it answers: the last one pulled into its thread before it. */
  readonly answers: { readonly login: string; readonly body: string; readonly url: string | null } | null;
}

/** What `pr status` and `GET /api/forge` show: the branch's pull request, its last pull, what waits to be pushed. */
export interface ForgeStatus {
  readonly pull: {
    readonly kind: "github" | "forgejo";
    readonly host: string;
    readonly repository: string;
    readonly number: number;
    readonly url: string;
    readonly pulledAt: string | null;
    readonly threads: number;
    readonly comments: number;
    /** The token's account as the last pull found it: the replies go under this name (null before a pull that saw it). */
    readonly login: string | null;
    /** The forge's API can resolve a thread (false: a push resolves it here only); null before a pull saw it. */
    readonly canResolve: boolean | null;
  } | null;
  readonly waiting: readonly WaitingReply[];
  readonly posted: number;
  /** Why the last pull failed, one line (null: it did not); what is shown is the last good pull's. */
  readonly pullError?: string | null;
}

/**
 * The branch's pull request as last pulled, the agent's replies waiting to be pushed (oldest first, with
 * where they go), and how many were posted. Reads the store only: no request to the forge.
 * @example (await forgeStatus(ctx)).waiting.length // 2
 */
export async function forgeStatus(ctx: ServiceContext): Promise<ForgeStatus> {
  const repo = await ctx.repository();
  const pull = (await forgePullsOfBranch(ctx.db, repo.branchKey))[0];
  if (pull === undefined) return { pull: null, waiting: [], posted: 0 };
  const rows = await ctx.db
    .selectFrom("forge_messages as f")
    .innerJoin("messages as m", "m.id", "f.message_id")
    .innerJoin("threads as t", "t.id", "m.thread_id")
    .select([
      "f.message_id",
      "f.state",
      "f.error",
      "f.resolve",
      "f.claimed_until",
      "m.thread_id",
      "m.body",
      "m.created_at",
      "t.file",
      "t.start_line",
      "t.end_line",
    ])
    .select((eb) =>
      eb
        .selectFrom("messages as first")
        .innerJoin("forge_messages as ff", "ff.message_id", "first.id")
        .select("ff.login")
        .whereRef("first.thread_id", "=", "m.thread_id")
        .where("ff.state", "is", null)
        .orderBy("first.created_at", "asc")
        .limit(1)
        .as("to"),
    )
    .where("f.pull_id", "=", pull.id)
    .where("f.state", "in", ["queued", "failed"])
    .orderBy("m.created_at", "asc")
    .orderBy(sql`m.rowid`, "asc")
    .execute();
  const answers = await Promise.all(rows.map((r) => answeredComment(ctx, r.thread_id, r.created_at)));
  const posted = await ctx.db
    .selectFrom("forge_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pull_id", "=", pull.id)
    .where("state", "=", "posted")
    .executeTakeFirstOrThrow();
  return {
    pull: {
      kind: pull.kind,
      host: pull.host,
      repository: `${pull.owner}/${pull.repo}`,
      number: pull.number,
      url: pull.url,
      pulledAt: pull.pulled_at,
      threads: pull.threads,
      comments: pull.comments,
      login: pull.login,
      canResolve: pull.can_resolve === null ? null : pull.can_resolve === 1,
    },
    waiting: rows.map((r, i) => ({
      messageId: r.message_id,
      threadId: r.thread_id,
      file: r.file,
      line: r.end_line,
      body: r.body,
      state: r.state as "queued" | "failed",
      sending: r.claimed_until !== null,
      error: r.error,
      resolves: r.resolve === 1,
      to: r.to ?? null,
      answers: answers[i] ?? null,
    })),
    posted: Number(posted.n),
  };
}

/** The last comment pulled from the forge into the thread before `before`: what a reply written then answers. */
async function answeredComment(
  ctx: ServiceContext,
  threadId: string,
  before: string,
): Promise<WaitingReply["answers"]> {
  const row = await ctx.db
    .selectFrom("messages as m")
    .innerJoin("forge_messages as f", "f.message_id", "m.id")
    .select(["f.login", "m.body", "f.url"])
    .where("m.thread_id", "=", threadId)
    .where("f.state", "is", null)
    .where("m.created_at", "<=", before)
    .orderBy("m.created_at", "desc")
    .orderBy(sql`m.rowid`, "desc")
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : { login: row.login ?? "ghost", body: row.body, url: row.url };
}
