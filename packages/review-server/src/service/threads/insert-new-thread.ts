import type { Anchor, ThreadState } from "@opencode-review/core";
import type { Kysely } from "kysely";
import {
  insertMessage,
  insertThread,
  type Database,
  type NewThread,
  type RoundRow,
  type ThreadRow,
} from "../../store/index.js";

/**
 * Stores a thread that core's transition just created (a person's draft or an agent's note) with its
 * first message. Call it inside `writeTransaction`.
 * @example await insertNewThread(trx, { branch, file, round, anchor, state: step.next, at });
 */
export async function insertNewThread(
  trx: Kysely<Database>,
  input: {
    readonly branch: string;
    readonly file: string;
    readonly round: RoundRow;
    readonly anchor: Anchor;
    readonly state: ThreadState;
    readonly at: string;
    readonly extra?: Partial<NewThread>;
  },
): Promise<ThreadRow> {
  const { anchor, state } = input;
  const thread = await insertThread(trx, {
    branch: input.branch,
    file: input.file,
    side: anchor.side,
    start_line: anchor.start,
    end_line: anchor.end,
    round_id: input.round.id,
    quoted: anchor.quoted,
    context: anchor.context,
    status: state.status,
    awaiting: state.awaiting,
    origin: state.origin,
    human_seen_at: state.seenAt,
    created_at: input.at,
    updated_at: input.at,
    ...input.extra,
  });
  for (const m of state.messages) {
    await insertMessage(trx, {
      id: m.id,
      thread_id: thread.id,
      author: m.author,
      body: m.body,
      suggestion: m.suggestion,
      created_at: m.createdAt,
      delivery: m.delivery,
    });
  }
  return thread;
}
