import type { Thread } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import type { ThreadRow } from "../../store/index.js";
import type { FileReader } from "../files/file-reader.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "./thread-list-json.js";

/**
 * The person's view of a thread just written, announced to every open panel.
 * @example return publishThread(ctx, repo, row);
 */
export async function publishThread(
  ctx: ServiceContext,
  repo: Repository,
  row: ThreadRow,
  reader?: FileReader,
): Promise<Thread> {
  const [thread] = await threadsJson(ctx, repo, [row], "human", reader);
  ctx.bus.publish({ type: "thread", thread: thread! });
  return thread!;
}
