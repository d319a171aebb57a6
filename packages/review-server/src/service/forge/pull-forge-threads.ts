import {
  forgeAnchor,
  humanRemarkElsewhere,
  humanReopen,
  humanResolve,
  ReviewError,
  type Anchor,
  type Transition,
} from "@opencode-review/core";
import { commitExists, type Repository } from "../../git/index.js";
import type { BranchForge, ForgeComment, ForgeThread } from "../../forge/index.js";
import {
  ensureForgePull,
  forgeCommentIdsOfPull,
  forgeMessagesByIds,
  forgePullByKey,
  forgeThreadsOfPull,
  insertForgeMessage,
  insertForgeThread,
  insertMessage,
  insertThread,
  markForgePulled,
  messagesByThreadIds,
  newId,
  setForgeThreadResolved,
  roundById,
  threadById,
  updateForgeMessage,
  writeTransaction,
  type ForgePullKey,
  type ForgeThreadRow,
  type RoundRow,
  type ThreadChanges,
  type ThreadRow,
} from "../../store/index.js";
import { createFileReader, textOf, type FileReader } from "../files/file-reader.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { ensureRound, takeServiceRound } from "../rounds/record-round.js";
import { applyThreadState } from "../threads/apply-thread-state.js";
import { checkpointAt } from "../threads/checkpoint.js";
import { threadState } from "../threads/thread-json.js";
import { checkForgeThreads } from "./forge-input.js";
import { replyMarkerOf } from "./reply-marker.js";

/** What one pull brought in. */
export interface ForgePullResult {
  readonly pr: number;
  readonly url: string;
  /** The cheap first request found nothing new: nothing else was asked. */
  readonly unchanged: boolean;
  readonly newThreads: number;
  /** Comments by people on the forge that are new here (in new threads and old). */
  readonly newComments: number;
  readonly resolved: number;
  readonly reopened: number;
  /** Files with new comments, for the notice to the agent. */
  readonly files: readonly string[];
  /** Threads whose comment's commit is not in this repository: pinned to the work tree's file instead. */
  readonly withoutCommit: number;
  /** One line per thread left out, saying why (a path outside the work tree): the rest came in. */
  readonly skipped: readonly string[];
}

/**
 * Brings a pull request's review threads in, keyed by the forge's ids: new threads with their comments
 * (people's logins kept, `author: "human"`), new comments in known threads, and resolves and reopens
 * done on the forge since the last pull. A first cheap request fingerprints the threads; when nothing
 * changed since the last pull, that is all it costs.
 * @example const result = await pullForgeThreads(ctx, await openForge(repo, { env }), { number: 7 });
 */
export async function pullForgeThreads(
  ctx: ServiceContext,
  forge: BranchForge,
  target: { readonly number?: number } = {},
): Promise<ForgePullResult> {
  const repo = await ctx.repository();
  const { client } = forge;
  const where = `${client.repository.owner}/${client.repository.repo}`;
  const survey = await client.survey(
    target.number === undefined ? { branch: forge.upstream.branch } : { number: target.number },
  );
  if (survey === null) {
    throw new ReviewError(
      "no_pull_request",
      target.number === undefined
        ? `no open pull request on ${where} has the branch ${forge.upstream.branch} as its head; open one, or name one with --pr N.`
        : `${where} has no pull request #${target.number}; check the number on the forge.`,
    );
  }
  const key: ForgePullKey = { kind: client.kind, ...client.repository, number: survey.pull.number };
  const stored = await forgePullByKey(ctx.db, key);
  const base = { pr: survey.pull.number, url: survey.pull.url };
  if (stored !== undefined && stored.fingerprint === survey.fingerprint && stored.branch === repo.branchKey) {
    await writeTransaction(ctx.db, (trx) =>
      markForgePulled(trx, stored.id, {
        ...stored,
        pulled_at: ctx.now(),
        login: survey.login ?? stored.login,
        can_resolve: survey.canResolve ? 1 : 0,
      }),
    );
    return {
      ...base,
      unchanged: true,
      newThreads: 0,
      newComments: 0,
      resolved: 0,
      reopened: 0,
      files: [],
      withoutCommit: 0,
      skipped: [],
    };
  }

  const listed = await client.threads(survey.pull.number);
  const checked = await checkForgeThreads(repo, listed.threads, ctx.now());
  const threads = checked.threads;
  // Comments of the wrong shape, then threads whose path may not be stored: each left out with why.
  const skipped = [...listed.skipped, ...checked.skipped];
  const known = stored === undefined ? new Map() : await forgeThreadsOfPull(ctx.db, stored.id);
  const fresh = threads.filter((t) => !known.has(t.id));
  // Git work first, outside the transaction: which commits are here, and the files the new threads read.
  const round = await ensureRound(ctx, repo);
  const reader = createFileReader(repo, ctx.commitFiles);
  const places = await placesOf(repo, fresh, round, reader);

  // The checkpoints of threads here the forge has news for, read before the transaction (git work): a
  // comment or a reopen there is the person speaking, and moves the checkpoint as a reply in a panel does.
  const checkpoints = await checkpointsOf(ctx, repo, threads, known, reader);

  const changed: string[] = [];
  const files = new Set<string>();
  let newThreads = 0;
  let newComments = 0;
  let resolved = 0;
  let reopened = 0;
  let withoutCommit = 0;
  await writeTransaction(ctx.db, async (trx) => {
    const pull = await ensureForgePull(trx, key, repo.branchKey, survey.pull.url);
    const threadsHere = await forgeThreadsOfPull(trx, pull.id);
    const commentsHere = await forgeCommentIdsOfPull(trx, pull.id);
    let comments = 0;
    for (const thread of threads) {
      comments += thread.comments.length;
      const link = threadsHere.get(thread.id);
      if (link === undefined) {
        const place = places.get(thread.id)!;
        if (place.rev === null) withoutCommit++;
        const first = thread.comments[0];
        if (first === undefined) continue;
        const row = await insertThread(trx, {
          branch: repo.branchKey,
          file: thread.path,
          side: place.anchor.side,
          start_line: place.anchor.start,
          end_line: place.anchor.end,
          round_id: round.id,
          quoted: place.anchor.quoted,
          context: place.anchor.context,
          then_rev: place.rev,
          status: thread.resolved ? "resolved" : "open",
          awaiting: thread.resolved ? null : "agent",
          origin: "human",
          resolved_at: thread.resolved ? ctx.now() : null,
          resolved_by: thread.resolved ? "human" : null,
          created_at: first.createdAt,
          updated_at: ctx.now(),
        });
        await insertForgeThread(trx, {
          thread_id: row.id,
          pull_id: pull.id,
          forge_id: thread.id,
          url: thread.url,
          reply_to: first.id,
          resolved_on_forge: thread.resolved ? 1 : 0,
        });
        for (const comment of thread.comments) await addComment(trx, row.id, pull.id, comment);
        newThreads++;
        newComments += thread.comments.length;
        if (!thread.resolved) files.add(thread.path);
        changed.push(row.id);
        continue;
      }

      const row = (await threadById(trx, link.thread_id))!;
      const before = threadState(row, await messagesByThreadIds(trx, [row.id]));
      let state = before;
      let checkpoint = false;
      // Every forge event is one of core's transitions, as the same act in a panel would be.
      const step = (transition: Transition<typeof before>): boolean => {
        if (!transition.ok) return false;
        state = transition.next;
        if (transition.effects.some((e) => e.kind === "checkpoint")) checkpoint = true;
        return true;
      };
      const pulled: { readonly messageId: string; readonly comment: ForgeComment }[] = [];
      let touched = false;
      let heard = false;
      const ours = await repliesByMarker(trx, row.id);
      for (const comment of thread.comments) {
        if (commentsHere.has(comment.id)) continue;
        // A marker counts on a comment of the token's account only: anyone can write its text.
        const mine = survey.login !== null && comment.login === survey.login ? replyMarkerOf(comment.body) : null;
        if (mine !== null && ours.has(mine)) {
          // A reply of ours whose push lost its answer: it is that message, not a new one.
          await updateForgeMessage(trx, mine, { state: "posted", forge_id: comment.id, url: comment.url, error: null });
          touched = true;
          continue;
        }
        const messageId = newId("message");
        if (!step(humanRemarkElsewhere(state, { id: messageId, body: comment.body, at: comment.createdAt }, ctx.now())))
          continue;
        pulled.push({ messageId, comment });
        newComments++;
        heard = true;
        touched = true;
      }
      const wasResolved = link.resolved_on_forge === 1;
      if (thread.resolved !== wasResolved) {
        await setForgeThreadResolved(trx, row.id, thread.resolved);
        touched = true;
        if (thread.resolved && step(humanResolve(state, { at: ctx.now() }))) resolved++;
      }
      // Reopened on the forge, or someone spoke there in a thread that is open there: the agent's turn again.
      if (
        !thread.resolved &&
        (heard || thread.resolved !== wasResolved) &&
        step(humanReopen(state, { at: ctx.now() }))
      ) {
        reopened++;
        files.add(row.file);
      }
      if (heard && !thread.resolved) files.add(row.file);
      if (state !== before) {
        await applyThreadState(trx, row.id, before, state, {
          patch: checkpoint ? (checkpoints.get(row.id) ?? {}) : {},
        });
      }
      for (const { messageId, comment } of pulled) await linkComment(trx, messageId, pull.id, comment);
      if (touched) changed.push(row.id);
    }
    await markForgePulled(trx, pull.id, {
      fingerprint: survey.fingerprint,
      pulled_at: ctx.now(),
      threads: threads.length,
      comments,
      login: survey.login,
      can_resolve: survey.canResolve ? 1 : 0,
    });
  });

  if (changed.length > 0) {
    const rows = (await Promise.all(changed.map((id) => threadById(ctx.db, id)))).filter(
      (r): r is ThreadRow => r !== undefined,
    );
    for (const thread of await threadsJson(ctx, repo, rows, "human", reader))
      ctx.bus.publish({ type: "thread", thread });
  }
  return {
    ...base,
    unchanged: false,
    newThreads,
    newComments,
    resolved,
    reopened,
    files: [...files].sort(),
    withoutCommit,
    skipped,
  };
}

async function addComment(
  trx: ServiceContext["db"],
  threadId: string,
  pullId: string,
  comment: ForgeComment,
): Promise<void> {
  const message = await insertMessage(trx, {
    id: newId("message"),
    thread_id: threadId,
    author: "human",
    body: comment.body,
    created_at: comment.createdAt,
    delivery: "sent",
  });
  await linkComment(trx, message.id, pullId, comment);
}

// The forge side of a comment stored as a message: its id there, its link and who wrote it.
async function linkComment(
  trx: ServiceContext["db"],
  messageId: string,
  pullId: string,
  comment: ForgeComment,
): Promise<void> {
  await insertForgeMessage(trx, {
    message_id: messageId,
    pull_id: pullId,
    forge_id: comment.id,
    url: comment.url,
    login: comment.login,
    state: null,
    resolve: 0,
  });
}

// The agent's replies in a thread that a push may have posted without hearing back (sent, not known posted).
async function repliesByMarker(trx: ServiceContext["db"], threadId: string): Promise<Set<string>> {
  const messages = (await messagesByThreadIds(trx, [threadId])).filter((m) => m.author === "agent");
  const forge = await forgeMessagesByIds(
    trx,
    messages.map((m) => m.id),
  );
  return new Set(
    messages
      .filter((m) => {
        const f = forge.get(m.id);
        return f !== undefined && f.state !== "posted" && f.sent_at !== null;
      })
      .map((m) => m.id),
  );
}

async function checkpointsOf(
  ctx: ServiceContext,
  repo: Repository,
  threads: readonly ForgeThread[],
  known: ReadonlyMap<string, ForgeThreadRow>,
  reader: FileReader,
): Promise<Map<string, ThreadChanges>> {
  const out = new Map<string, ThreadChanges>();
  const links = threads.map((t) => known.get(t.id)).filter((l): l is ForgeThreadRow => l !== undefined);
  if (links.length === 0) return out;
  const seen = await forgeCommentIdsOfPull(ctx.db, links[0]!.pull_id);
  const news = threads.filter((t) => {
    const link = known.get(t.id);
    return (
      link !== undefined && (t.resolved !== (link.resolved_on_forge === 1) || t.comments.some((c) => !seen.has(c.id)))
    );
  });
  if (news.length === 0) return out;
  const { round } = await takeServiceRound(ctx, repo);
  for (const t of news) {
    const row = await threadById(ctx.db, known.get(t.id)!.thread_id);
    if (row === undefined) continue;
    const threadRound = await roundById(ctx.db, row.round_id);
    if (threadRound !== undefined) out.set(row.id, await checkpointAt(repo, row, threadRound, round, reader));
  }
  return out;
}

interface Place {
  readonly anchor: Anchor;
  /** The commit the lines were read at; null when read from the round (the comment's commit is not here). */
  readonly rev: string | null;
}

/**
 * Where each new thread goes: its lines read at its first comment's commit when this repository has that
 * commit, else at the round (the work tree as the pull found it) at the line the forge shows now. A
 * file-level thread, or lines the file does not have, pin the whole file.
 */
async function placesOf(
  repo: Repository,
  threads: readonly ForgeThread[],
  round: RoundRow,
  reader: FileReader,
): Promise<Map<string, Place>> {
  const commits = [
    ...new Set(threads.map((t) => t.comments[0]?.commit).filter((c): c is string => c !== null && c !== undefined)),
  ];
  const present = new Set<string>();
  await Promise.all(commits.map(async (c) => (await commitExists(repo, c)) && present.add(c)));
  const byRev = new Map<string, Set<string>>();
  const revOf = (t: ForgeThread) => {
    const commit = t.comments[0]?.commit ?? null;
    // Deleted lines are read at the review's base; the forge's base of the pull request may differ.
    if (t.side === "old") return { rev: null, at: round.base };
    return commit !== null && present.has(commit) ? { rev: commit, at: commit } : { rev: null, at: round.snapshot };
  };
  for (const t of threads) {
    const { at } = revOf(t);
    const paths = byRev.get(at) ?? new Set<string>();
    paths.add(t.path);
    byRev.set(at, paths);
  }
  await Promise.all([...byRev].map(([rev, paths]) => reader.prefetch(rev, [...paths])));

  const out = new Map<string, Place>();
  for (const t of threads) {
    const { rev, at } = revOf(t);
    const whole: Anchor = { side: t.side, start: null, end: null, quoted: [], context: { before: [], after: [] } };
    const end = rev === null && t.side === "new" ? (t.line ?? t.originalLine) : t.originalLine;
    const start =
      rev === null && t.side === "new" ? (t.line === null ? t.originalStartLine : t.startLine) : t.originalStartLine;
    const text = textOf(await reader.at(at, t.path));
    const anchor =
      end === null || text === null
        ? null
        : forgeAnchor({ side: t.side, start, end, text, diffHunk: t.comments[0]?.diffHunk ?? "" });
    out.set(t.id, { anchor: anchor ?? whole, rev });
  }
  return out;
}
