import { describePlace, ReviewError, splitLines, type Thread, type Verdict } from "@opencode-review/core";
import { commitExists } from "../../git/index.js";
import type { BranchForge, ForgeReviewComment, ForgeReviewEvent } from "../../forge/index.js";
import {
  deleteMessageRow,
  deleteThread,
  draftsOfBranch,
  insertReview,
  threadById,
  writeTransaction,
  type ThreadRow,
} from "../../store/index.js";
import { createFileReader, textOf } from "../files/file-reader.js";
import { reviewJson, type ReviewJson } from "../review/review-json.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { ensureRound } from "../rounds/record-round.js";
import { pullForgeThreads } from "./pull-forge-threads.js";

const EVENTS: Readonly<Record<Verdict, ForgeReviewEvent>> = {
  approve: "APPROVE",
  changes: "REQUEST_CHANGES",
  comment: "COMMENT",
};

/**
 * The person's release sent to the branch's pull request as a review (`pr: true`), not to the agent: the
 * verdict as its event, the summary as its body, each draft comment whose lines the pull request's diff
 * shows (and reads the same at its head) as a review comment there, the others and the draft replies in
 * the body with their place. Once the forge has it, the drafts are taken off here and a pull brings the
 * review's comments back as forge threads; the release is kept in past reviews with its link.
 * @example const review = await releaseToPullRequest(ctx, await openForge(repo, { env }), { verdict: "changes", summary: "Two things." });
 */
export async function releaseToPullRequest(
  ctx: ServiceContext,
  forge: BranchForge,
  input: { readonly summary?: string; readonly verdict?: Verdict },
): Promise<ReviewJson> {
  const repo = await ctx.repository();
  const survey = await forge.client.survey({ branch: forge.upstream.branch });
  if (survey === null) {
    throw new ReviewError(
      "no_pull_request",
      `no open pull request on ${forge.client.repository.owner}/${forge.client.repository.repo} has the branch ${forge.upstream.branch} as its head; open one, or release to the agent instead.`,
    );
  }
  const drafts = await draftsOfBranch(ctx.db, repo.branchKey);
  const summary = input.summary?.trim() ?? "";
  const verdict = input.verdict ?? "comment";
  if (drafts.threads.length === 0 && drafts.messages.length === 0 && summary === "" && verdict === "comment") {
    throw new ReviewError(
      "conflict",
      "Nothing to send to the pull request: there are no draft comments or replies, no overall comment and no verdict.",
    );
  }
  const draftThreadIds = new Set(drafts.threads.map((t) => t.id));
  const replyThreadIds = [...new Set(drafts.messages.map((m) => m.thread_id))].filter((id) => !draftThreadIds.has(id));
  const rows = (await Promise.all([...draftThreadIds, ...replyThreadIds].map((id) => threadById(ctx.db, id)))).filter(
    (r): r is ThreadRow => r !== undefined,
  );
  const threads = await threadsJson(ctx, repo, rows, "human");

  // Where the forge takes a comment: a line its diff shows, reading at the pull request's head as here.
  const lines = await forge.client.diffLines(survey.pull.number);
  const reader = createFileReader(repo, ctx.commitFiles);
  const headHere = await commitExists(repo, survey.pull.headOid);
  const inline: ForgeReviewComment[] = [];
  const inBody: string[] = [];
  for (const thread of threads) {
    const words = thread.messages
      .filter((m) => m.delivery === "unsent")
      .map((m) => bodyWithSuggestion(m.body, m.suggestion))
      .join("\n\n");
    if (!draftThreadIds.has(thread.id)) {
      inBody.push(`- In reply on \`${describePlace(thread)}\`: ${words}`);
      continue;
    }
    const at = await onDiffLine(
      thread,
      lines,
      headHere ? textOf(await reader.at(survey.pull.headOid, thread.file)) : null,
    );
    if (at !== null) inline.push({ path: thread.file, line: at, side: thread.side, body: words });
    else inBody.push(`- \`${describePlace(thread)}\`: ${words}`);
  }
  const body = [
    summary,
    inBody.length === 0 ? "" : `Comments on lines this pull request's diff does not show:\n${inBody.join("\n")}`,
  ]
    .filter((p) => p !== "")
    .join("\n\n");
  const submitted = await forge.client.submitReview(survey.pull.number, {
    event: EVENTS[verdict],
    // GitHub wants a body for COMMENT and REQUEST_CHANGES; the comments say it when the summary is empty.
    body:
      body === "" && verdict !== "approve" ? `${inline.length} ${inline.length === 1 ? "comment" : "comments"}.` : body,
    comments: inline,
  });

  const round = await ensureRound(ctx, repo);
  const review = await writeTransaction(ctx.db, async (trx) => {
    // The forge has them now: the drafts come back from it as forge threads, not twice.
    for (const id of draftThreadIds) await deleteThread(trx, id);
    for (const m of drafts.messages) if (!draftThreadIds.has(m.thread_id)) await deleteMessageRow(trx, m.id);
    return insertReview(trx, {
      branch: repo.branchKey,
      mode: ctx.delivery.mode,
      round_id: round.id,
      released_at: ctx.now(),
      summary: summary === "" ? null : summary,
      verdict,
      prose: body,
      delivery_state: "delivered",
      delivered_to: submitted.url,
      forge_url: submitted.url,
      // Past reviews count these: the drafts deleted above no longer point at the release.
      pr_messages: inline.length + inBody.length,
    });
  });
  await pullForgeThreads(ctx, forge, { number: survey.pull.number }).catch(() => {});
  const json = await reviewJson(ctx, review);
  ctx.bus.publish({ type: "review", review: json });
  return json;
}

function bodyWithSuggestion(body: string, suggestion: readonly string[] | null): string {
  return suggestion === null ? body : `${body}\n\n\`\`\`suggestion\n${suggestion.join("\n")}\n\`\`\``;
}

// The line a review comment goes on, or null: the thread's last line is in the diff on its side, and on
// the new side its lines read the same at the pull request's head (the work tree may be ahead of it).
async function onDiffLine(
  thread: Thread,
  lines: ReadonlyMap<string, { readonly new: ReadonlySet<number>; readonly old: ReadonlySet<number> }>,
  headText: string | null,
): Promise<number | null> {
  if (thread.start === null || thread.end === null) return null;
  const shown = lines.get(thread.file)?.[thread.side];
  if (shown === undefined || !shown.has(thread.end)) return null;
  if (thread.side === "old") return thread.end;
  if (headText === null) return null;
  const head = splitLines(headText).slice(thread.start - 1, thread.end);
  const quoted = thread.quoted.map((q) => q.slice(1));
  return head.length === quoted.length && head.every((l, i) => l === quoted[i]) ? thread.end : null;
}
