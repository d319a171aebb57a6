import { agentView, type Thread } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import {
  forgeMessagesByIds,
  forgeThreadsByIds,
  messagesByThreadIds,
  type MessageRow,
  type ThreadRow,
} from "../../store/index.js";
import { createFileReader, type FileReader } from "../files/file-reader.js";
import { locateThreads, roundsOf, type LocateTarget } from "./locate-threads.js";
import type { ServiceContext } from "../service-context.js";
import { threadJson, type ForgeSide } from "./thread-json.js";

/** Who is looking: the agent never sees drafts, neither draft threads nor draft replies. */
export type Viewer = "human" | "agent";

/**
 * Stored threads as Thread JSON with their anchors located against the work tree now (or, with
 * `target.at`, a round's snapshot), in the given order.
 * @example const threads = await threadsJson(ctx, repo, rows, "agent");
 */
export async function threadsJson(
  ctx: ServiceContext,
  repo: Repository,
  rows: readonly ThreadRow[],
  viewer: Viewer,
  reader?: FileReader,
  target?: LocateTarget,
): Promise<Thread[]> {
  if (rows.length === 0) return [];
  const roundOf = await roundsOf(ctx.db, rows);
  const [messages, anchors, forgeThreads] = await Promise.all([
    messagesByThreadIds(
      ctx.db,
      rows.map((r) => r.id),
    ),
    locateThreads(ctx, repo, rows, reader ?? createFileReader(repo, ctx.commitFiles), roundOf, target),
    forgeThreadsByIds(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const forgeMessages =
    forgeThreads.size === 0
      ? new Map()
      : await forgeMessagesByIds(
          ctx.db,
          messages.filter((m) => forgeThreads.has(m.thread_id)).map((m) => m.id),
        );
  const byThread = new Map<string, MessageRow[]>();
  for (const m of messages) {
    const list = byThread.get(m.thread_id);
    if (list === undefined) byThread.set(m.thread_id, [m]);
    else list.push(m);
  }

  const out: Thread[] = [];
  for (const row of rows) {
    const link = forgeThreads.get(row.id);
    const forge: ForgeSide | undefined = link === undefined ? undefined : { thread: link, messages: forgeMessages };
    const thread = threadJson(row, byThread.get(row.id) ?? [], roundOf.get(row.round_id)!, anchors.get(row.id)!, forge);
    const shown = viewer === "agent" ? agentView(thread) : thread;
    if (shown !== null) out.push(shown);
  }
  return out;
}
