import { matchesPathSuffix, ReviewError, type Thread, type ThreadStatus } from "@opencode-review/core";
import { messagesByThreadIds, roundById, threadsByBranch, threadsByIds, type ThreadRow } from "../../store/index.js";
import { branchCommit, indexTree, worktreeStamp, type Repository } from "../../git/index.js";
import type { ChangedThreads, Listing, ListingMemo } from "./listing-memo.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";

/** `waiting`: open threads; `all`: every thread (drafts too, for the person); `draft`: threads with something unsent. */
export type HumanListStatus = "waiting" | "all" | "draft";

/**
 * `at`: a round id, the anchors then where the threads' lines were in that round's snapshot; or the end of a
 * diff view that is not the work tree, `view:staged` (the index) or `view:commit:<sha>` (that commit).
 */
type HumanQuery = { readonly status?: HumanListStatus; readonly file?: string; readonly at?: string };

/**
 * The threads the person sees in the panel, located against the work tree now. With a `memo` the last
 * answer is handed out again (do not change it) while the database, HEAD and the files its threads are
 * in stay as they were.
 * @example const threads = await listThreads(ctx, { status: "all" });
 */
export async function listThreads(
  ctx: ServiceContext,
  query: HumanQuery = {},
  memo?: ListingMemo,
): Promise<readonly Thread[]> {
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
  if (query.at?.startsWith("view:")) return { threads: await listingAtView(ctx, repo, query, query.at), version: null };
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
async function listingAtRound(
  ctx: ServiceContext,
  repo: Repository,
  query: HumanQuery,
  roundId: string,
): Promise<Thread[]> {
  const round = await roundById(ctx.db, roundId);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError(
      "not_found",
      `No round ${roundId} on ${repo.branchKey}. Pick a round from GET /api/rounds, or leave at out for the work tree.`,
    );
  }
  return threadsJson(ctx, repo, await rowsOf(ctx, repo, query), "human", undefined, { at: round.snapshot });
}

/**
 * The listing located at the end of the staged or one-commit view (the index's tree, or the commit), the
 * texts that view shows: a thread on lines it shows sits on them, not above the file as outside the diff.
 */
async function listingAtView(ctx: ServiceContext, repo: Repository, query: HumanQuery, at: string): Promise<Thread[]> {
  const view = at.slice("view:".length);
  const rev =
    view === "staged" ? await indexTree(repo) : (await branchCommit(repo, view.slice("commit:".length))).commit;
  return threadsJson(ctx, repo, await rowsOf(ctx, repo, query), "human", undefined, { at: rev });
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
  const messages = await messagesByThreadIds(
    ctx.db,
    ofFile.map((r) => r.id),
  );
  const withDrafts = new Set(messages.filter((m) => m.delivery === "unsent").map((m) => m.thread_id));
  return ofFile.filter((r) => withDrafts.has(r.id));
}

/** Stamps of the rows' files, taken before the files are read: an edit meanwhile leaves a stamp that no longer matches. */
function stampFiles(
  repo: Repository,
  rows: readonly ThreadRow[],
): { stamped: Map<string, string | null>; files: ReadonlyMap<string, string> | null } {
  const paths = [...new Set(rows.map((r) => r.file))];
  const stamps = paths.map((path) => worktreeStamp(repo, path));
  const stamped = new Map(paths.map((path, i) => [path, stamps[i]!]));
  const files = stamps.every((s) => s !== null) ? (stamped as ReadonlyMap<string, string>) : null;
  return { stamped, files };
}

function byFile(rows: ThreadRow[], file: string | undefined): ThreadRow[] {
  if (file === undefined || file === "") return rows;
  return rows.filter((r) => matchesPathSuffix(r.file, file));
}
