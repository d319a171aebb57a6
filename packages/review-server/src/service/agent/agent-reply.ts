import { addressThread, agentReply, claimReason, renderRefusal, ReviewError, type Thread } from "@opencode-review/core";
import { worktreeHas, type Repository } from "../../git/index.js";
import {
  forgeThreadsByIds,
  insertForgeMessage,
  newId,
  threadById,
  threadsByBranch,
  type ThreadRow,
} from "../../store/index.js";
import { matchesPathSuffix } from "@opencode-review/core";
import { changeThread } from "../threads/change-thread.js";
import { createFileReader, type FileReader } from "../files/file-reader.js";
import { publishThread } from "../threads/publish-thread.js";
import { resolveCheck } from "../threads/resolve-check.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";

/** A thread as the agent names it: its id, or a file (path or path suffix) and a line of its range as it reads now. */
export interface ThreadReference {
  readonly id?: string;
  readonly file?: string;
  readonly line?: number;
}

export interface AgentReplyResult {
  readonly thread: Thread;
  /** Whether the thread is resolved by this reply (false when the claim was refused or not made). */
  readonly resolved: boolean;
  /** Why a resolve claim was refused, beginning "Replied, but not resolved:". */
  readonly refusal?: string;
}

/**
 * The agent answers a thread and may claim it resolved; the claim holds only when the code under the
 * thread changed since the person last spoke on it. A refused claim keeps the reply and the thread open.
 * @example await addAgentReply(ctx, { file: "src/a.ts", line: 12, text: "Renamed it.", resolved: true });
 */
export async function addAgentReply(
  ctx: ServiceContext,
  input: ThreadReference & { readonly text: string; readonly resolved?: boolean },
  /** With `forge: { push: "auto" }`: sends a forge reply at once; a failure leaves it queued (or failed, with why). */
  pushNow?: () => Promise<unknown>,
): Promise<AgentReplyResult> {
  const repo = await ctx.repository();
  const reader = createFileReader(repo, ctx.commitFiles);
  const { thread, row } = await findForAgent(ctx, repo, input, reader);

  let verdict: "none" | "accepted" | "refused" = "none";
  let refusal: string | undefined;
  let because: string | undefined;
  if (input.resolved === true && thread.status !== "resolved") {
    const check = await resolveCheck(repo, ctx.db, row, reader);
    verdict = check.accepted ? "accepted" : "refused";
    if (!check.accepted) {
      refusal = renderRefusal(check.message);
      because = claimReason(check.reason);
    }
  }
  const message = { id: newId("message"), body: input.text, at: ctx.now() };
  // A reply on a pull request's thread is queued for the forge, with whether the checked resolve held.
  const link = (await forgeThreadsByIds(ctx.db, [row.id])).get(row.id);
  const queue =
    link === undefined
      ? undefined
      : (trx: Parameters<typeof insertForgeMessage>[0]) =>
          insertForgeMessage(trx, {
            message_id: message.id,
            pull_id: link.pull_id,
            forge_id: null,
            url: null,
            login: null,
            state: "queued",
            resolve: verdict === "accepted" ? 1 : 0,
          });
  const written = await changeThread(
    ctx,
    repo,
    row.id,
    (state) => agentReply(state, message, verdict, because),
    undefined,
    queue,
  );
  await publishThread(ctx, repo, written!);
  if (link !== undefined && pushNow !== undefined) await pushNow().catch(() => {});
  const [shown] = await threadsJson(ctx, repo, [written!], "agent", reader);
  return { thread: shown!, resolved: verdict === "accepted", ...(refusal === undefined ? {} : { refusal }) };
}

/**
 * The released thread an agent's reference names, or a ReviewError listing the candidates.
 * @example const { thread, row } = await findForAgent(ctx, repo, { id: "t_1" }, reader);
 */
export async function findForAgent(
  ctx: ServiceContext,
  repo: Repository,
  ref: ThreadReference,
  reader: FileReader,
): Promise<{ readonly thread: Thread; readonly row: ThreadRow }> {
  let rows: ThreadRow[];
  if (ref.id !== undefined) {
    const row = await threadById(ctx.db, ref.id);
    rows = row !== undefined && row.branch === repo.branchKey && row.status !== "draft" ? [row] : [];
  } else {
    rows = await threadsByBranch(ctx.db, repo.branchKey, { status: ["open", "resolved"] });
    // A thread whose file is gone may be on `ref.file` under its new name; addressThread decides once located.
    if (ref.file !== undefined)
      rows = rows.filter((r) => matchesPathSuffix(r.file, ref.file!) || !worktreeHas(repo, r.file));
  }
  const threads = await threadsJson(ctx, repo, rows, "agent", reader);
  const found = addressThread(threads, ref);
  if (!found.ok) throw new ReviewError(found.code, found.message, { candidates: found.candidates });
  return { thread: found.thread, row: rows.find((r) => r.id === found.thread.id)! };
}
