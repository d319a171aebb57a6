import { ReviewError } from "@opencode-review/core";
import type { BranchForge } from "../../forge/index.js";
import {
  claimForgeReply,
  forgePullByKey,
  forgePullsOfBranch,
  forgeThreadsByIds,
  messageById,
  setForgeThreadResolved,
  threadById,
  unsentForgeReplies,
  updateForgeMessage,
  writeTransaction,
  type ForgePullRow,
  type ThreadRow,
} from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { replyMarker, withReplyMarker } from "./reply-marker.js";

/** What one push did. */
export interface ForgePushResult {
  readonly pr: number;
  readonly url: string;
  /** Replies now on the forge (posted by this push, or found there from a push whose answer was lost). */
  readonly posted: number;
  /** Of those, found on the forge and not sent again. */
  readonly found: number;
  /** Forge threads resolved because the checked resolve accepted the agent's claim. */
  readonly resolved: number;
  /** Threads this push answered with an accepted claim that the forge's API cannot resolve (Forgejo): resolved here only. */
  readonly unresolvable: number;
  /** Replies the forge refused, each with why (they stay to be tried again). */
  readonly failed: readonly { readonly messageId: string; readonly error: string }[];
  /** Each reply now on the forge with its address there, for the panels' "what was posted". */
  readonly sent: readonly { readonly messageId: string; readonly url: string }[];
}

/**
 * How long a push's claim on a reply holds: longer than its two requests can take (each times out after
 * 60 s). A claim older than this belongs to a push that died; the next push takes it over, looking first.
 */
export const REPLY_LEASE_MS = 180_000;

function leaseEnd(now: string): string {
  return new Date(Date.parse(now) + REPLY_LEASE_MS).toISOString();
}

// Failures that concern the forge or the token, not one reply: the push stops and what is left stays queued.
const STOPPING = new Set(["no_token", "forge_auth", "rate_limited", "forge_unreachable"]);

/**
 * Sends the agent's queued replies of the branch's pull request, each in its own thread, and resolves a
 * forge thread only where the checked resolve accepted the claim. Never posts a reply twice: each reply is
 * claimed in the store before it is sent (a lease: one push at a time, whatever process runs it), and a
 * reply tried before is looked for on the forge (by the hidden marker it carries, on a comment of the
 * token's account) before it is sent again.
 * @example const result = await pushForgeReplies(ctx, await openForge(repo, { env }));
 */
export async function pushForgeReplies(
  ctx: ServiceContext,
  forge: BranchForge,
  target: { readonly number?: number } = {},
): Promise<ForgePushResult> {
  const repo = await ctx.repository();
  const pull = await pulledPull(ctx, forge, repo.branchKey, target.number);
  const waiting = await unsentForgeReplies(ctx.db, pull.id);
  const failed: { messageId: string; error: string }[] = [];
  const sent: { messageId: string; url: string }[] = [];
  const changed = new Set<string>();
  let posted = 0;
  let found = 0;
  let resolved = 0;
  let unresolvable = 0;
  let left = waiting.filter((w) => w.state !== "posted").length;

  for (const reply of waiting) {
    const message = await messageById(ctx.db, reply.message_id);
    if (message === undefined) continue;
    const link = (await forgeThreadsByIds(ctx.db, [message.thread_id])).get(message.thread_id);
    if (link === undefined) continue;
    const thread = { id: link.forge_id, replyTo: link.reply_to };
    let claimed = false;
    try {
      const postedNow = reply.state !== "posted";
      if (postedNow) {
        // Claimed before it is sent: of two pushes at once, exactly one sends it; the other leaves it alone.
        const claim = await writeTransaction(ctx.db, (trx) =>
          claimForgeReply(trx, message.id, { now: ctx.now(), until: leaseEnd(ctx.now()) }),
        );
        if (!claim.claimed) {
          left--;
          continue;
        }
        claimed = true;
        // Sent before, by a push whose answer was lost or whose lease ran out: looked for first.
        let on = claim.tried ? await forge.client.findReply(pull.number, thread, replyMarker(message.id)) : null;
        if (on !== null) found++;
        else on = await forge.client.reply(pull.number, thread, withReplyMarker(message.body, message.id));
        await writeTransaction(ctx.db, (trx) =>
          updateForgeMessage(trx, message.id, {
            state: "posted",
            forge_id: on!.id,
            url: on!.url,
            error: null,
            claimed_until: null,
          }),
        );
        claimed = false;
        sent.push({ messageId: message.id, url: on.url });
        posted++;
        left--;
        changed.add(message.thread_id);
      }
      // Where the forge's API has no resolve (Forgejo) the thread stays open there; here it is resolved.
      const resolves =
        reply.resolve === 1 && reply.resolved_on_forge === 0 && (await forge.client.resolve(pull.number, thread));
      if (reply.resolve === 1 && reply.resolved_on_forge === 0 && !resolves && postedNow) unresolvable++;
      if (resolves) {
        await writeTransaction(ctx.db, async (trx) => {
          await updateForgeMessage(trx, message.id, { resolved_on_forge: 1 });
          // The forge now reads resolved because of us: the next pull must not take it for someone's resolve.
          await setForgeThreadResolved(trx, message.thread_id, true);
        });
        resolved++;
        changed.add(message.thread_id);
      }
    } catch (error) {
      const failure = error instanceof ReviewError ? error : new ReviewError("internal", String(error));
      if (STOPPING.has(failure.code)) {
        // Let go of the claim: the reply stays queued (and is looked for first by the next push).
        if (claimed)
          await writeTransaction(ctx.db, (trx) => updateForgeMessage(trx, message.id, { claimed_until: null }));
        await announce(ctx, [...changed]);
        if (failure.code === "forge_unreachable") {
          const host = forge.client.repository.host;
          throw new ReviewError(
            "forge_unreachable",
            `cannot reach ${host} (${String(failure.details?.cause ?? "no answer")}); ${posted} sent, ${left} ${left === 1 ? "reply stays" : "replies stay"} queued: run opencode-review pr push again when ${host} answers.`,
          );
        }
        throw failure;
      }
      await writeTransaction(ctx.db, (trx) =>
        updateForgeMessage(trx, message.id, { state: "failed", error: failure.message, claimed_until: null }),
      );
      failed.push({ messageId: message.id, error: failure.message });
      changed.add(message.thread_id);
    }
  }
  await announce(ctx, [...changed]);
  return { pr: pull.number, url: pull.url, posted, found, resolved, unresolvable, failed, sent };
}

/** The pull request a push or status is about: `--pr N` if pulled before, else the branch's latest pulled. */
export async function pulledPull(
  ctx: ServiceContext,
  forge: BranchForge,
  branch: string,
  number?: number,
): Promise<ForgePullRow> {
  const { client } = forge;
  const pull =
    number === undefined
      ? (await forgePullsOfBranch(ctx.db, branch))[0]
      : await forgePullByKey(ctx.db, { kind: client.kind, ...client.repository, number });
  if (pull === undefined) {
    throw new ReviewError(
      "no_pull_request",
      `no pull request of ${client.repository.owner}/${client.repository.repo} was pulled ${number === undefined ? `for the branch ${branch}` : `as #${number}`} yet; run opencode-review pr pull${number === undefined ? "" : ` --pr ${number}`} first.`,
    );
  }
  return pull;
}

async function announce(ctx: ServiceContext, threadIds: readonly string[]): Promise<void> {
  if (threadIds.length === 0) return;
  const repo = await ctx.repository();
  const rows = (await Promise.all(threadIds.map((id) => threadById(ctx.db, id)))).filter(
    (r): r is ThreadRow => r !== undefined,
  );
  for (const thread of await threadsJson(ctx, repo, rows, "human")) ctx.bus.publish({ type: "thread", thread });
}
