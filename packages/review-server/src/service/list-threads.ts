import { matchesPathSuffix, markDelivered, pathNow, renderThreadPage, ReviewError, splitLines, threadPageOrder, type Thread, type ThreadStatus } from "@opencode-review/core";
import { markMessagesDelivered, markReviewsRead, messagesByThreadIds, roundById, threadsByBranch, threadsByIds, writeTransaction, type ThreadRow } from "../store/index.js";
import { worktreeHas, worktreeStamp, type Repository } from "../git/index.js";
import { createFileReader, type FileReader } from "./file-reader.js";
import type { ChangedThreads, Listing, ListingMemo } from "./listing-memo.js";
import { keepCursor, nameCursor, readCursor } from "./list-cursors.js";
import type { ServiceContext } from "./service-context.js";
import { reviewJson } from "./review-json.js";
import { threadsJson } from "./threads-json.js";

/** `waiting`: open threads; `all`: every thread (drafts too, for the person); `draft`: threads with something unsent. */
export type HumanListStatus = "waiting" | "all" | "draft";

/** `at`: a round id; the anchors are then where the threads' lines were in that round's snapshot. */
type HumanQuery = { readonly status?: HumanListStatus; readonly file?: string; readonly at?: string };

/**
 * The threads the person sees in the panel, located against the work tree now. With a `memo` the last
 * answer is handed out again (do not change it) while the database, HEAD and the files its threads are
 * in stay as they were.
 * @example const threads = await listThreads(ctx, { status: "all" });
 */
export async function listThreads(ctx: ServiceContext, query: HumanQuery = {}, memo?: ListingMemo): Promise<readonly Thread[]> {
  return (await threadListing(ctx, query, memo)).threads;
}

/**
 * `listThreads` with the listing's version: the same version is the same threads, so a reader may keep
 * what it made from them (the HTTP layer keeps the serialized body) under it. Null when the listing is not
 * kept (without a memo, or at a round): nothing made from it may be reused.
 * @example const { threads, version } = await threadListing(ctx, { status: "all" }, memo);
 */
export async function threadListing(
  ctx: ServiceContext,
  query: HumanQuery = {},
  memo?: ListingMemo,
): Promise<{ readonly threads: readonly Thread[]; readonly version: Listing["version"] | null }> {
  const repo = await ctx.repository();
  if (query.at !== undefined) return { threads: await listingAtRound(ctx, repo, query, query.at), version: null };
  if (memo === undefined) return { threads: (await computeListing(ctx, repo, query)).threads, version: null };
  const key = JSON.stringify([query.status ?? "all", query.file ?? ""]);
  return memo.list(ctx.db, repo, key, {
    compute: () => computeListing(ctx, repo, query),
    changed: (ids) => changedThreads(ctx, repo, query, ids),
    stampOf: (path) => worktreeStamp(repo, path),
  });
}

async function computeListing(
  ctx: ServiceContext,
  repo: Repository,
  query: HumanQuery,
): Promise<{ readonly threads: Thread[]; readonly files: ReadonlyMap<string, string> | null }> {
  const rows = await rowsOf(ctx, repo, query);
  const { stamped, files } = stampFiles(repo, rows);
  return { threads: await threadsJson(ctx, repo, rows, "human", undefined, { stamped }), files };
}

/**
 * The listing with each anchor located in a round's snapshot instead of the work tree: where the threads
 * sit in a diff that ends at that round. Not kept (a round never changes, but its threads do, and this is
 * asked for only when a person opens such a diff).
 */
async function listingAtRound(ctx: ServiceContext, repo: Repository, query: HumanQuery, roundId: string): Promise<Thread[]> {
  const round = await roundById(ctx.db, roundId);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError("not_found", `No round ${roundId} on ${repo.branchKey}. Pick a round from GET /api/rounds, or leave at out for the work tree.`);
  }
  return threadsJson(ctx, repo, await rowsOf(ctx, repo, query), "human", undefined, { at: round.snapshot });
}

/** The branch's rows the query shows. */
async function rowsOf(ctx: ServiceContext, repo: Repository, query: HumanQuery): Promise<ThreadRow[]> {
  const statuses = statusesOf(query);
  return shownRows(ctx, query, await threadsByBranch(ctx.db, repo.branchKey, statuses ? { status: statuses } : {}));
}

/** Some threads of a listing read again: each as the query shows it now, or null when it no longer does. */
async function changedThreads(
  ctx: ServiceContext,
  repo: Repository,
  query: HumanQuery,
  ids: readonly string[],
): Promise<ChangedThreads> {
  const statuses = statusesOf(query);
  const candidates = (await threadsByIds(ctx.db, ids)).filter(
    (row) => row.branch === repo.branchKey && (statuses === undefined || statuses.includes(row.status)),
  );
  const rows = await shownRows(ctx, query, candidates);
  const { stamped, files } = stampFiles(repo, rows);
  const shown = await threadsJson(ctx, repo, rows, "human", undefined, { stamped });
  const threads = new Map<string, Thread | null>(ids.map((id) => [id, null]));
  for (const thread of shown) threads.set(thread.id, thread);
  return { threads, files };
}

function statusesOf(query: HumanQuery): ThreadStatus[] | undefined {
  return (query.status ?? "all") === "waiting" ? ["open"] : undefined;
}

/** The rows of the query's status the query shows: those of its file, and under `draft` those with something unsent. */
async function shownRows(ctx: ServiceContext, query: HumanQuery, rows: ThreadRow[]): Promise<ThreadRow[]> {
  const ofFile = byFile(rows, query.file);
  if (query.status !== "draft") return ofFile;
  const messages = await messagesByThreadIds(ctx.db, ofFile.map((r) => r.id));
  const withDrafts = new Set(messages.filter((m) => m.delivery === "unsent").map((m) => m.thread_id));
  return ofFile.filter((r) => withDrafts.has(r.id));
}

/** Stamps of the rows' files, taken before the files are read: an edit meanwhile leaves a stamp that no longer matches. */
function stampFiles(repo: Repository, rows: readonly ThreadRow[]): { stamped: Map<string, string | null>; files: ReadonlyMap<string, string> | null } {
  const paths = [...new Set(rows.map((r) => r.file))];
  const stamps = paths.map((path) => worktreeStamp(repo, path));
  const stamped = new Map(paths.map((path, i) => [path, stamps[i]!]));
  const files = stamps.every((s) => s !== null) ? (stamped as ReadonlyMap<string, string>) : null;
  return { stamped, files };
}

/**
 * What `review_list` shows the agent, a page at a time: released threads (open ones, or resolved too
 * with `all`), drafts hidden, as many as fit the output's 20 KB in page order (see readCursor for
 * what `cursor` means). Every human message on the page is marked delivered in the same step; `next`
 * is the cursor of the following page, absent on the last.
 * @example const { threads, output, next } = await agentList(ctx, { file: "src/a.ts" });
 */
export async function agentList(
  ctx: ServiceContext,
  query: { readonly status?: "waiting" | "all"; readonly file?: string; readonly cursor?: string } = {},
): Promise<{ readonly threads: Thread[]; readonly output: string; readonly next?: string }> {
  const repo = await ctx.repository();
  const position = await readCursor(ctx, repo.branchKey, query.cursor);
  const status = query.status ?? "waiting";
  const rows = maybeOfFile(
    repo,
    await threadsByBranch(ctx.db, repo.branchKey, { status: status === "all" ? ["open", "resolved"] : ["open"] }),
    query.file,
  ).filter((row) => !position.returned.has(row.id));
  const reader = createFileReader(repo);
  const unread = ofFileNow(await threadsJson(ctx, repo, rows, "agent", reader), query.file).sort(threadPageOrder);
  // The cursor is named in the page's own text, so it is drawn before the page is laid out and kept
  // only when some threads are left for it.
  const next = nameCursor(ctx, position);
  const linesNow = await changedLinesNow(unread, reader);
  const options = { status, earlier: position.returned.size, next, linesNow, ...(query.file === undefined ? {} : { file: query.file }) };
  const page = renderThreadPage(unread, options);
  const shown = unread.slice(0, page.shown);
  const more = page.shown < unread.length;
  if (more) await keepCursor(ctx, repo.branchKey, next, position, shown.map((t) => t.id));

  const ids: string[] = [];
  const touched = new Set<string>();
  const delivered = shown.map((thread) => {
    const step = markDelivered(thread);
    if (!step.ok) return thread;
    for (const effect of step.effects) {
      if (effect.kind !== "delivered") continue;
      ids.push(...effect.messageIds);
      touched.add(thread.id);
    }
    return step.next;
  });
  if (ids.length > 0) {
    // Where releases wait for the agent's turn (MCP), the comments returned here are their delivery.
    const waiting = ctx.delivery.waitsForAgentTurn === true;
    const to = waiting ? ((await ctx.delivery.target?.()) ?? null)?.id ?? null : null;
    const read = await writeTransaction(ctx.db, async (trx) => {
      await markMessagesDelivered(trx, ids);
      return waiting ? markReviewsRead(trx, ids, to) : [];
    });
    for (const row of read) ctx.bus.publish({ type: "review", review: await reviewJson(ctx, row) });
    // The panel keeps the person's drafts, so it is sent the person's view of each thread, not the agent's.
    // With no panel listening (as on the first call after a start), there is no one to build it for; a panel
    // of another process learns of the change from the store's change log.
    if (ctx.bus.listenerCount() > 0) {
      const changed = rows.filter((r) => touched.has(r.id));
      for (const thread of await threadsJson(ctx, repo, changed, "human", reader)) ctx.bus.publish({ type: "thread", thread });
    }
  }
  return { threads: delivered, output: page.output, ...(more ? { next } : {}) };
}

/**
 * For each thread whose lines changed, the lines at its place in the work tree now, so the agent sees
 * what it reads now beside what was quoted. The files were read to locate the threads, so this reads
 * none again.
 */
async function changedLinesNow(threads: readonly Thread[], reader: FileReader): Promise<Map<string, readonly string[]>> {
  const linesOf = new Map<string, Promise<readonly string[] | null>>();
  const split = (file: string) => {
    let lines = linesOf.get(file);
    if (lines === undefined) {
      lines = reader.worktree(file).then((content) => (content.kind === "text" ? splitLines(content.text) : null));
      linesOf.set(file, lines);
    }
    return lines;
  };
  const out = new Map<string, readonly string[]>();
  for (const thread of threads) {
    const { anchor } = thread;
    if (anchor.state !== "changed" || thread.side !== "new" || anchor.start === null || anchor.end === null) continue;
    const lines = await split(anchor.file ?? thread.file);
    if (lines !== null) out.set(thread.id, lines.slice(anchor.start - 1, anchor.end));
  }
  return out;
}

/**
 * The rows that may be on `file` now: those written on it, and those whose file is gone from the work tree
 * (it may have been renamed to `file`; `ofFileNow` decides once they are located).
 */
function maybeOfFile(repo: Repository, rows: ThreadRow[], file: string | undefined): ThreadRow[] {
  if (file === undefined || file === "") return rows;
  return rows.filter((r) => matchesPathSuffix(r.file, file) || !worktreeHas(repo, r.file));
}

/** The located threads on `file`: by the path the file has now, or the path a renamed file had. */
function ofFileNow(threads: Thread[], file: string | undefined): Thread[] {
  if (file === undefined || file === "") return threads;
  return threads.filter((t) => matchesPathSuffix(pathNow(t), file) || matchesPathSuffix(t.file, file));
}

function byFile(rows: ThreadRow[], file: string | undefined): ThreadRow[] {
  if (file === undefined || file === "") return rows;
  return rows.filter((r) => matchesPathSuffix(r.file, file));
}
