import { unreadByHuman, type Message, type Thread, type ThreadState } from "@opencode-review/core";
import type { ForgeKind } from "@opencode-review/core";
import type { ForgeMessageRow, ForgeThreadRow, MessageRow, RoundRow, ThreadRow } from "../../store/index.js";
import type { ThreadAnchor } from "./locate-threads.js";

/** The pull-request side of a thread: its link, and its messages' forge rows by message id. */
export interface ForgeSide {
  readonly thread: ForgeThreadRow & { readonly kind: ForgeKind; readonly number: number };
  readonly messages: ReadonlyMap<string, ForgeMessageRow>;
}

/** A stored message as the contract shows it (with its forge login, or its reply's state, on a pull-request thread). */
export function messageJson(row: MessageRow, forge?: ForgeMessageRow): Message {
  const message: Message = {
    id: row.id,
    author: row.author,
    body: row.body,
    suggestion: row.suggestion,
    createdAt: row.created_at,
    delivery: row.delivery,
    ...(row.claim_accepted === null
      ? {}
      : {
          claim: {
            resolved: true,
            accepted: row.claim_accepted === 1,
            ...(row.claim_reason === null ? {} : { reason: row.claim_reason }),
          },
        }),
  };
  if (forge === undefined) return message;
  if (forge.state === null) return { ...message, ...(forge.login === null ? {} : { login: forge.login }) };
  return {
    ...message,
    forge: {
      // A push holds it: it is on its way, and no other push will send it.
      state: forge.claimed_until !== null && forge.state !== "posted" ? "sending" : forge.state,
      ...(forge.forge_id === null ? {} : { id: forge.forge_id }),
      ...(forge.url === null ? {} : { url: forge.url }),
      ...(forge.error === null ? {} : { error: forge.error }),
    },
  };
}

/** Where a thread (or a reviewer's finding, which is pinned the same way) sits: the place fields of the Thread JSON. */
export function placeJson(
  row: Pick<ThreadRow, "id" | "file" | "side" | "start_line" | "end_line" | "quoted" | "context">,
  round: Pick<RoundRow, "id" | "ordinal">,
  anchor: ThreadAnchor,
): Pick<Thread, "id" | "file" | "side" | "start" | "end" | "round" | "quoted" | "context" | "anchor"> {
  return {
    id: row.id,
    file: row.file,
    side: row.side,
    start: row.start_line,
    end: row.end_line,
    round: { id: round.id, ordinal: round.ordinal },
    quoted: row.quoted,
    context: row.context,
    anchor,
  };
}

/**
 * A stored thread, its messages, round and anchor as the Thread JSON of the contract.
 * @example threadJson(row, messages, round, anchors.get(row.id)!)
 */
export function threadJson(
  row: ThreadRow,
  messages: readonly MessageRow[],
  round: Pick<RoundRow, "id" | "ordinal">,
  anchor: ThreadAnchor,
  forge?: ForgeSide,
): Thread {
  const shown = messages.map((m) => messageJson(m, forge?.messages.get(m.id)));
  return {
    ...placeJson(row, round, anchor),
    status: row.status,
    awaiting: row.awaiting,
    origin: forge === undefined ? row.origin : "forge",
    ...(forge === undefined
      ? {}
      : {
          forge: {
            kind: forge.thread.kind,
            pr: forge.thread.number,
            url: forge.thread.url,
            threadId: forge.thread.forge_id,
          },
        }),
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    unreadByHuman: unreadByHuman(shown, row.human_seen_at),
    messages: shown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The conversation part of a stored thread, for core's transitions. */
export function threadState(
  row: ThreadRow,
  messages: readonly MessageRow[],
): ThreadState & { readonly id: string; readonly file: string } {
  return {
    id: row.id,
    file: row.file,
    status: row.status,
    awaiting: row.awaiting,
    origin: row.origin,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    seenAt: row.human_seen_at,
    messages: messages.map((m) => messageJson(m)),
    updatedAt: row.updated_at,
  };
}
