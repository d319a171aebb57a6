import {
  markDelivered,
  matchesPathSuffix,
  pathNow,
  renderThreadPage,
  splitLines,
  threadPageOrder,
  type Thread,
  type ThreadStatus,
} from "@opencode-review/core";
import {
  latestThreadChange,
  markMessagesDelivered,
  markReviewsRead,
  threadsByBranch,
  threadsByIds,
  threadsChangedSince,
  writeTransaction,
  type ThreadRow,
} from "../../store/index.js";
import { worktreeDigest, worktreeHas, worktreeStamp, type Repository } from "../../git/index.js";
import { createFileReader, type FileReader } from "../files/file-reader.js";
import { keepCursor, nameCursor, readCursor, START, type CursorPosition } from "./list-cursors.js";
import type { FileMark, PageListing } from "./page-listings.js";
import type { ServiceContext } from "../service-context.js";
import { reviewJson } from "../review/review-json.js";
import { threadsJson } from "../threads/thread-list-json.js";

type AgentStatus = "waiting" | "all";

/** What review_list was asked: the status, the file it narrows to, the cursor of the page. */
export interface AgentListQuery {
  readonly status?: AgentStatus;
  readonly file?: string;
  readonly cursor?: string;
}

/** A listing being served: its threads in page order, the mark of each file they were located in, and which marks were checked in this call. */
interface Serving {
  readonly seq: number;
  readonly threads: Thread[];
  readonly files: Map<string, FileMark>;
  readonly checked: Set<string>;
}

// Past this many threads changed since a listing, reading it whole costs about as much.
const MAX_CHANGED = 5000;

/**
 * What `review_list` shows the agent, a page at a time: released threads (open ones, or resolved too
 * with `all`), drafts hidden, as many as fit the output's 20 KB in page order (see readCursor for what
 * `cursor` means). A cursor's page is served from the listing its first page computed (PageListings),
 * with only what changed since read again: the threads in the store's change log, and the threads of a
 * file on the page that changed. Every human message on the page is marked delivered in the same step;
 * `next` is the cursor of the following page, absent on the last.
 * @example const { threads, output, next } = await agentList(ctx, { file: "src/a.ts" });
 */
export async function agentList(
  ctx: ServiceContext,
  query: AgentListQuery = {},
): Promise<{ readonly threads: Thread[]; readonly output: string; readonly next?: string }> {
  const repo = await ctx.repository();
  const position = await readCursor(ctx, repo.branchKey, query.cursor);
  const status = query.status ?? "waiting";
  const listingQuery = JSON.stringify([status, query.file ?? ""]);
  const reader = createFileReader(repo, ctx.commitFiles);
  // A first page continues the listing prepared at start (prepareFirstPage), waiting for it if need be.
  const kept =
    query.cursor === undefined
      ? await ctx.pages.takeFirst(repo, listingQuery)
      : ctx.pages.take(query.cursor, repo, listingQuery);
  let listing =
    (kept === undefined ? null : await continued(ctx, repo, kept, query.file, status, position, reader)) ??
    (await whole(ctx, repo, query.file, status, position, reader));

  // The cursor is named in the page's own text, so it is drawn before the page is laid out and kept
  // only when some threads are left for it.
  const next = nameCursor(ctx, position);
  const layOut = async () => {
    const linesNow = await changedLinesNow(listing.threads, reader);
    return renderThreadPage(listing.threads, {
      status,
      earlier: position.returned.size,
      next,
      linesNow,
      ...(query.file === undefined ? {} : { file: query.file }),
    });
  };
  let page = await layOut();
  // A served listing's files are checked where it matters: those of the threads this page shows. A file
  // that changed has its threads located again and the page laid out again (each file is checked once).
  for (;;) {
    const stale = new Set<string>();
    for (const thread of listing.threads.slice(0, page.shown)) {
      for (const path of new Set([thread.file, pathNow(thread)])) {
        if (listing.checked.has(path)) continue;
        listing.checked.add(path);
        if (!sameFile(repo, path, listing.files.get(path))) stale.add(path);
      }
    }
    if (stale.size === 0) break;
    const ids = listing.threads.filter((t) => stale.has(t.file) || stale.has(pathNow(t))).map((t) => t.id);
    listing = await reread(ctx, repo, listing, ids, query.file, status, reader);
    page = await layOut();
  }
  const unread = listing.threads;
  const shown = unread.slice(0, page.shown);
  const more = page.shown < unread.length;
  if (more) {
    await keepCursor(
      ctx,
      repo.branchKey,
      next,
      position,
      shown.map((t) => t.id),
    );
    ctx.pages.keep(next, {
      repo,
      query: listingQuery,
      seq: listing.seq,
      threads: unread.slice(page.shown),
      files: listing.files,
    });
  }

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
    const to = waiting ? (((await ctx.delivery.target?.()) ?? null)?.id ?? null) : null;
    const read = await writeTransaction(ctx.db, async (trx) => {
      await markMessagesDelivered(trx, ids);
      return waiting ? markReviewsRead(trx, ids, to) : [];
    });
    for (const row of read) ctx.bus.publish({ type: "review", review: await reviewJson(ctx, row) });
    // The panel keeps the person's drafts, so it is sent the person's view of each thread, not the agent's.
    // With no panel listening (as on the first call after a start), there is no one to build it for; a panel
    // of another process learns of the change from the store's change log.
    if (ctx.bus.listenerCount() > 0) {
      const changed = await threadsByIds(ctx.db, [...touched]);
      for (const thread of await threadsJson(ctx, repo, changed, "human", reader))
        ctx.bus.publish({ type: "thread", thread });
    }
  }
  return { threads: delivered, output: page.output, ...(more ? { next } : {}) };
}

/**
 * Reads and locates, ahead of the agent's first review_list, what that call would: the waiting threads,
 * kept in the service's page listings for the call to continue (re-reading only what changed since, as a
 * cursor's page does). Started once the plugin is up and threads wait on the agent, so the model's first
 * call, seconds later, finds them read and the code that reads them compiled. Resolves to how many threads
 * it read (0 when the listing failed: the call then computes its page whole).
 * @example await prepareFirstPage(ctx) // 500
 */
export async function prepareFirstPage(ctx: ServiceContext): Promise<number> {
  const repo = await ctx.repository();
  const query = JSON.stringify(["waiting" satisfies AgentStatus, ""]);
  const listing = await ctx.pages.prepareFirst(repo, query, async () => {
    const { seq, threads, files } = await whole(
      ctx,
      repo,
      undefined,
      "waiting",
      START,
      createFileReader(repo, ctx.commitFiles),
    );
    return { repo, query, seq, threads, files };
  });
  return listing?.threads.length ?? 0;
}

/** The agent's threads the query shows now, not returned by earlier pages, located (every file checked). */
async function whole(
  ctx: ServiceContext,
  repo: Repository,
  file: string | undefined,
  status: AgentStatus,
  position: CursorPosition,
  reader: FileReader,
): Promise<Serving> {
  // Numbered before reading: a change made meanwhile is read again by the next page.
  const seq = await latestThreadChange(ctx.db);
  const rows = agentRows(
    repo,
    status,
    file,
    await threadsByBranch(ctx.db, repo.branchKey, { status: statusesOf(status) }),
  ).filter((row) => !position.returned.has(row.id));
  const { threads, files } = await located(ctx, repo, rows, file, reader);
  return { seq, threads, files, checked: new Set(files.keys()) };
}

/**
 * The rest of a kept listing with the threads changed since (the store's change log, whichever process
 * wrote) read again; its files are checked as pages show them. Null when the log no longer reaches back
 * or too much changed: the page is then computed whole.
 */
async function continued(
  ctx: ServiceContext,
  repo: Repository,
  kept: PageListing,
  file: string | undefined,
  status: AgentStatus,
  position: CursorPosition,
  reader: FileReader,
): Promise<Serving | null> {
  const seq = await latestThreadChange(ctx.db);
  const changed = await threadsChangedSince(ctx.db, kept.seq, MAX_CHANGED);
  if (changed === null) return null;
  // The pages before marked their own threads delivered: those changes are of threads already returned.
  const ids = changed.filter((id) => !position.returned.has(id));
  const serving: Serving = { seq, threads: [...kept.threads], files: new Map(kept.files), checked: new Set() };
  return ids.length === 0 ? serving : reread(ctx, repo, serving, ids, file, status, reader);
}

/** The listing with threads `ids` read and located again (each as the query shows it now, or gone), in page order. */
async function reread(
  ctx: ServiceContext,
  repo: Repository,
  listing: Serving,
  ids: readonly string[],
  file: string | undefined,
  status: AgentStatus,
  reader: FileReader,
): Promise<Serving> {
  const again = await located(ctx, repo, agentRows(repo, status, file, await threadsByIds(ctx.db, ids)), file, reader);
  const redone = new Set(ids);
  for (const [path, mark] of again.files) {
    listing.files.set(path, mark);
    listing.checked.add(path);
  }
  const threads = [...listing.threads.filter((t) => !redone.has(t.id)), ...again.threads].sort(threadPageOrder);
  return { ...listing, threads };
}

/** Of these rows, those the agent's query shows: of its branch and status, on (or maybe renamed to) its file. */
function agentRows(
  repo: Repository,
  status: AgentStatus,
  file: string | undefined,
  rows: readonly ThreadRow[],
): ThreadRow[] {
  const statuses: readonly ThreadStatus[] = statusesOf(status);
  return maybeOfFile(
    repo,
    rows.filter((row) => row.branch === repo.branchKey && statuses.includes(row.status)),
    file,
  );
}

function statusesOf(status: AgentStatus): ThreadStatus[] {
  return status === "all" ? ["open", "resolved"] : ["open"];
}

/** The rows located as the agent sees them, in page order, and a mark of every file they were located in. */
async function located(
  ctx: ServiceContext,
  repo: Repository,
  rows: readonly ThreadRow[],
  file: string | undefined,
  reader: FileReader,
): Promise<{ readonly threads: Thread[]; readonly files: Map<string, FileMark> }> {
  // Marked before they are read (in locating): an edit meanwhile leaves a mark that no longer matches.
  const stamped = new Map<string, string | null>();
  const files = new Map<string, FileMark>();
  for (const path of new Set(rows.map((r) => r.file))) {
    const stamp = worktreeStamp(repo, path);
    stamped.set(path, stamp);
    files.set(path, stamp !== null ? { stamp } : { digest: worktreeDigest(repo, path) });
  }
  const threads = ofFileNow(await threadsJson(ctx, repo, rows, "agent", reader, { stamped }), file).sort(
    threadPageOrder,
  );
  // A renamed file's path now is known only once its threads are located, too late to mark it before the
  // read: it is marked as never the same, so its threads are located again when a page shows them.
  for (const t of threads) if (!files.has(pathNow(t))) files.set(pathNow(t), { digest: null });
  return { threads, files };
}

/** Whether the file is as `mark` says it was; a file never marked, or that could not be, never is. */
function sameFile(repo: Repository, path: string, mark: FileMark | undefined): boolean {
  if (mark === undefined) return false;
  if ("stamp" in mark) return worktreeStamp(repo, path) === mark.stamp;
  return mark.digest !== null && worktreeDigest(repo, path) === mark.digest;
}

/**
 * For each thread whose lines changed, the lines at its place in the work tree now, so the agent sees
 * what it reads now beside what was quoted. The files were mostly read to locate the threads, so this
 * reads few again.
 */
async function changedLinesNow(
  threads: readonly Thread[],
  reader: FileReader,
): Promise<Map<string, readonly string[]>> {
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
    const lines = await split(pathNow(thread));
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
