// The thread state machine: every event that changes a thread's conversation (draft, reply, edit, delete,
// release, the agent's reply and note, resolve, reopen, seen, delivered) as a pure transition from one state to
// the next, or a refusal that says why. Transitions never throw and never do I/O: the service stores `next`
// and carries out the effects. Derived reads (whose turn, what the agent may see) are in thread-view.ts.
import { checkMessageBody } from "./message-body.js";
import type { ReviewErrorCode } from "./review-error.js";
import type { Author, Awaiting, Delivery, Message, ThreadStatus } from "./types.js";

// --- The state a thread's conversation decides, and what a transition answers

/**
 * The part of a thread its conversation decides. Place and anchor live elsewhere; transitions are
 * generic over records that extend this, so a caller's extra fields (id, file, ...) pass through.
 */
export interface ThreadState {
  readonly status: ThreadStatus;
  readonly awaiting: Awaiting;
  readonly origin: Author;
  readonly resolvedAt: string | null;
  readonly resolvedBy: Author | null;
  /** When the person last looked at the thread (null: never); `unreadByHuman` is derived from it. */
  readonly seenAt: string | null;
  readonly messages: readonly Message[];
  readonly updatedAt: string;
}

/** A message about to be written. The caller makes the id and the time, so core stays pure. */
export interface NewMessage {
  readonly id: string;
  readonly body: string;
  /** Replacement lines for the thread's range; shown, never applied. */
  readonly suggestion?: readonly string[] | null;
  /** ISO 8601 time of the event. */
  readonly at: string;
}

/** Something the caller must do beyond storing `next`. */
export type ThreadEffect =
  /** The person spoke on the thread (or it was opened): record the code under it now as its checkpoint. */
  | { readonly kind: "checkpoint" }
  /** These messages went from draft to sent. */
  | { readonly kind: "released"; readonly messageIds: readonly string[] }
  /** These human messages were returned to the agent. */
  | { readonly kind: "delivered"; readonly messageIds: readonly string[] }
  /** The thread no longer exists (its only draft message was deleted). */
  | { readonly kind: "thread_deleted" };

export type RefusalCode = Extract<ReviewErrorCode, "conflict" | "not_found" | "too_long" | "invalid_input">;

/** A refused event: `reason` is a sentence for a person or a model, saying what to do instead. */
export interface Refusal {
  readonly ok: false;
  readonly code: RefusalCode;
  readonly reason: string;
}

export interface Accepted<T> {
  readonly ok: true;
  readonly next: T;
  readonly effects: readonly ThreadEffect[];
}

/** The outcome of one event on a thread: the next state, or why not. Transitions never throw. */
export type Transition<T> = Accepted<T> | Refusal;

/** @example accept(next, [{ kind: "checkpoint" }]) */
function accept<T>(next: T, effects: readonly ThreadEffect[] = []): Accepted<T> {
  return { ok: true, next, effects };
}

/** @example refuse("conflict", "That thread is already resolved.") */
function refuse(code: RefusalCode, reason: string): Refusal {
  return { ok: false, code, reason };
}

// --- Small pieces the transitions share

/**
 * Orders two ISO 8601 times: negative when `a` is earlier. Parsed, because offsets and precision
 * may differ between writers; falls back to text order for unparseable input.
 * @example compareTimes("2026-01-01T10:00:00Z", "2026-01-01T10:00:00.001Z") // -1
 */
export function compareTimes(a: string, b: string): number {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return a < b ? -1 : a > b ? 1 : 0;
  return Math.sign(ta - tb);
}

/**
 * A message about to be written, as the thread will hold it.
 * @example writtenMessage({ id: "m1", body: "Why?", at: "2026-01-01T10:00:00.000Z" }, "human", "unsent")
 */
function writtenMessage(message: NewMessage, author: Author, delivery: Delivery): Message {
  return {
    id: message.id,
    author,
    body: message.body,
    suggestion: message.suggestion ?? null,
    createdAt: message.at,
    delivery,
  };
}

/**
 * The remark that may go with a resolve or reopen: checked, and made a sent human message.
 * @example sentRemark({ id: "m9", body: "Thanks.", at: "2026-01-01T13:00:00.000Z" }) // { ok: true, message: { delivery: "sent", ... } }
 */
function sentRemark(
  message: NewMessage | undefined,
):
  | { readonly ok: true; readonly message: Message }
  | { readonly ok: false; readonly code: "too_long" | "invalid_input"; readonly reason: string }
  | null {
  if (!message) return null;
  const body = checkMessageBody(message.body);
  if (!body.ok) return body;
  return {
    ok: true,
    message: writtenMessage(message, "human", "sent"),
  };
}

// --- The person writes

/**
 * The person starts a thread: a draft nobody else sees until the review is released.
 * @example draftThread({ id: "m1", body: "Why three?", at: "2026-01-01T10:00:00.000Z" })
 */
export function draftThread(message: NewMessage): Transition<ThreadState> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept({
    status: "draft",
    awaiting: null,
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    // The author has obviously seen what they just wrote.
    seenAt: message.at,
    messages: [writtenMessage(message, "human", "unsent")],
    updatedAt: message.at,
  });
}

/**
 * The person drafts a reply. Status and turn stay as they are until the release: the agent
 * must not see a thread change because of words it cannot read yet.
 * @example draftReply(thread, { id: "m2", body: "Still wrong.", at: "2026-01-01T10:05:00.000Z" })
 */
export function draftReply<T extends ThreadState>(thread: T, message: NewMessage): Transition<T> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept({
    ...thread,
    seenAt: message.at,
    messages: [...thread.messages, writtenMessage(message, "human", "unsent")],
    updatedAt: message.at,
  });
}

export interface MessageEdit {
  readonly body?: string;
  /** `null` removes the suggestion; absent leaves it. */
  readonly suggestion?: readonly string[] | null;
  readonly at: string;
}

/**
 * Edits a draft message. A released one is refused (`conflict`): the agent may have read it.
 * @example editMessage(thread, "m2", { body: "Use two.", at: "2026-01-01T10:06:00.000Z" })
 */
export function editMessage<T extends ThreadState>(thread: T, messageId: string, edit: MessageEdit): Transition<T> {
  const message = thread.messages.find((m) => m.id === messageId);
  if (!message) return refuse("not_found", `No message ${messageId} in this thread.`);
  if (message.delivery !== "unsent") {
    return refuse(
      "conflict",
      "That message is already released, so it can no longer be edited. Write a reply instead.",
    );
  }
  if (edit.body !== undefined) {
    const body = checkMessageBody(edit.body);
    if (!body.ok) return refuse(body.code, body.reason);
  }
  const edited = {
    ...message,
    body: edit.body ?? message.body,
    suggestion: edit.suggestion === undefined ? message.suggestion : edit.suggestion,
  };
  return accept({
    ...thread,
    messages: thread.messages.map((m) => (m.id === messageId ? edited : m)),
    updatedAt: edit.at,
  });
}

/**
 * Deletes a draft message; deleting the only message of a draft thread deletes the thread
 * (`next` is null and the effects say `thread_deleted`). A released message is refused (`conflict`).
 * @example deleteMessage(thread, "m2", "2026-01-01T10:07:00.000Z")
 */
export function deleteMessage<T extends ThreadState>(thread: T, messageId: string, at: string): Transition<T | null> {
  const message = thread.messages.find((m) => m.id === messageId);
  if (!message) return refuse("not_found", `No message ${messageId} in this thread.`);
  if (message.delivery !== "unsent") {
    return refuse(
      "conflict",
      "That message is already released, so it can no longer be deleted. Write a reply instead.",
    );
  }
  const messages = thread.messages.filter((m) => m.id !== messageId);
  if (thread.status === "draft" && messages.length === 0) {
    return accept(null, [{ kind: "thread_deleted" }]);
  }
  return accept({ ...thread, messages, updatedAt: at });
}

// --- The release

/**
 * Releases a thread's drafts: they become sent, and it becomes the agent's turn. A draft thread
 * opens; a reply reopens a resolved thread. Released messages take the release time and move after
 * what was already sent, because that is when the agent first sees them (like a submitted review).
 * @example releaseThread(thread, "2026-01-01T11:00:00.000Z") // { ok: true, next: { status: "open", awaiting: "agent", ... } }
 */
export function releaseThread<T extends ThreadState>(thread: T, at: string): Transition<T> {
  const drafts = thread.messages.filter((m) => m.delivery === "unsent");
  if (drafts.length === 0) return refuse("conflict", "Nothing in this thread waits to be released.");
  const kept = thread.messages.filter((m) => m.delivery !== "unsent");
  const released: Message[] = drafts.map((m) => ({ ...m, delivery: "sent", createdAt: at }));
  return accept(
    {
      ...thread,
      status: "open",
      awaiting: "agent",
      resolvedAt: null,
      resolvedBy: null,
      messages: [...kept, ...released],
      updatedAt: at,
    },
    [{ kind: "checkpoint" }, { kind: "released", messageIds: released.map((m) => m.id) }],
  );
}

/** What one release of the person's batch changed. */
export interface ReleasedReview<T> {
  readonly ok: true;
  /** The threads that had drafts, in their new state, in the order given. Each needs a new checkpoint. */
  readonly threads: readonly T[];
  /** Every message released, in order. */
  readonly messageIds: readonly string[];
  /** The files of the released threads, each once, in order. */
  readonly files: readonly string[];
}

/**
 * Releases every draft in the given threads at once; threads without drafts are left out.
 * Nothing to release is a refusal, so a double click does not send an empty review.
 * @example releaseReview(threads, "2026-01-01T11:00:00.000Z") // { ok: true, threads, messageIds: ["m1", "m2"], files: ["src/a.ts"] }
 */
export function releaseReview<T extends ThreadState & { readonly file: string }>(
  threads: readonly T[],
  at: string,
): ReleasedReview<T> | Refusal {
  const next: T[] = [];
  const messageIds: string[] = [];
  const files: string[] = [];
  for (const thread of threads) {
    const step = releaseThread(thread, at);
    if (!step.ok) continue;
    next.push(step.next);
    for (const effect of step.effects) if (effect.kind === "released") messageIds.push(...effect.messageIds);
    if (!files.includes(thread.file)) files.push(thread.file);
  }
  if (next.length === 0) return refuse("conflict", "Nothing to release: there are no draft comments or replies.");
  return { ok: true, threads: next, messageIds, files };
}

// --- The agent writes

/**
 * What became of the agent's claim that the thread is resolved: `none` when it made no claim;
 * `accepted`/`refused` as the checked resolve (decided elsewhere, against the checkpoint) said.
 */
export type ResolveVerdict = "none" | "accepted" | "refused";

/**
 * The agent answers a thread; it becomes the person's turn. An accepted resolve resolves it; a
 * refused one leaves it open. The agent cannot answer a thread it cannot see: an unknown one
 * (`undefined`/`null`) or a draft.
 * @example agentReply(thread, { id: "m3", body: "Fixed: now 2.", at: "2026-01-01T12:00:00.000Z" }, "accepted")
 */
export function agentReply<T extends ThreadState>(
  thread: T | null | undefined,
  message: NewMessage,
  verdict: ResolveVerdict,
  /** Why a refused claim was refused, as the person reads it (see `claimReason`); kept on the message. */
  refusedBecause?: string,
): Transition<T> {
  if (!thread) return refuse("not_found", "No such thread. Call review_list to see the threads and their ids.");
  if (thread.status === "draft") {
    return refuse(
      "conflict",
      "That thread is not released yet: the reviewer is still writing it. Call review_list to see the threads waiting for you.",
    );
  }
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  const resolves = verdict === "accepted" && thread.status !== "resolved";
  return accept({
    ...thread,
    // An answer on a resolved thread leaves it resolved: only the person reopens.
    status: resolves ? "resolved" : thread.status,
    awaiting: "human",
    resolvedAt: resolves ? message.at : thread.resolvedAt,
    resolvedBy: resolves ? "agent" : thread.resolvedBy,
    messages: [
      ...thread.messages,
      // The claim stays with the message, so the person sees what the agent claimed and what came of it.
      verdict === "none"
        ? writtenMessage(message, "agent", "sent")
        : {
            ...writtenMessage(message, "agent", "sent"),
            claim: {
              resolved: true,
              accepted: verdict === "accepted",
              ...(verdict === "refused" && refusedBecause ? { reason: refusedBecause } : {}),
            },
          },
    ],
    updatedAt: message.at,
  });
}

/**
 * The agent opens a thread of its own (`review_open`): open at once, the person's turn, unread.
 * The effects ask for a checkpoint, the code under the thread as it was opened.
 * @example agentNote({ id: "m1", body: "This retry loop is a guess; please check.", at: "2026-01-01T12:00:00.000Z" })
 */
export function agentNote(message: NewMessage): Transition<ThreadState> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept(
    {
      status: "open",
      awaiting: "human",
      origin: "agent",
      resolvedAt: null,
      resolvedBy: null,
      seenAt: null,
      messages: [writtenMessage(message, "agent", "sent")],
      updatedAt: message.at,
    },
    [{ kind: "checkpoint" }],
  );
}

// --- The person decides

/**
 * The person resolves an open thread: nobody's turn any more. A closing remark, if given, is sent
 * with it at once, since the state change it explains is not held back for the release either.
 * @example humanResolve(thread, { at: "2026-01-01T13:00:00.000Z" })
 */
export function humanResolve<T extends ThreadState>(
  thread: T,
  event: { readonly at: string; readonly message?: NewMessage },
): Transition<T> {
  if (thread.status === "draft") {
    return refuse("conflict", "A draft thread cannot be resolved: release it or delete it.");
  }
  if (thread.status === "resolved") return refuse("conflict", "That thread is already resolved.");
  const remark = sentRemark(event.message);
  if (remark && !remark.ok) return refuse(remark.code, remark.reason);
  return accept({
    ...thread,
    status: "resolved",
    awaiting: null,
    resolvedAt: event.at,
    resolvedBy: "human",
    seenAt: event.at,
    messages: remark ? [...thread.messages, remark.message] : thread.messages,
    updatedAt: event.at,
  });
}

/**
 * The person reopens a resolved thread: open, the agent's turn. The person spoke, so the effects
 * ask for a new checkpoint; a remark, if given, is sent with it at once.
 * @example humanReopen(thread, { at: "2026-01-01T14:00:00.000Z" })
 */
export function humanReopen<T extends ThreadState>(
  thread: T,
  event: { readonly at: string; readonly message?: NewMessage },
): Transition<T> {
  if (thread.status === "draft")
    return refuse("conflict", "A draft thread cannot be reopened: it is not released yet.");
  if (thread.status === "open") return refuse("conflict", "That thread is already open.");
  const remark = sentRemark(event.message);
  if (remark && !remark.ok) return refuse(remark.code, remark.reason);
  return accept(
    {
      ...thread,
      status: "open",
      awaiting: "agent",
      resolvedAt: null,
      resolvedBy: null,
      seenAt: event.at,
      messages: remark ? [...thread.messages, remark.message] : thread.messages,
      updatedAt: event.at,
    },
    [{ kind: "checkpoint" }],
  );
}

/**
 * The person spoke elsewhere: a comment pulled from the pull request's forge, kept as written there (its
 * size is bounded by the caller; the 1,000-character limit is for what is written here). It is sent at
 * once, as a reply released in a panel is, so it moves the checkpoint; an open thread becomes the agent's
 * turn. A resolved thread stays resolved with the words kept: a reopen is its own event (`humanReopen`).
 * @example humanRemarkElsewhere(thread, { id: "m7", body: "Still wrong.", at: "2026-01-01T15:00:00.000Z" }, "2026-01-01T15:01:00.000Z")
 */
export function humanRemarkElsewhere<T extends ThreadState>(thread: T, message: NewMessage, at: string): Transition<T> {
  if (thread.status === "draft") {
    return refuse("conflict", "A draft thread has no conversation elsewhere: it is not released yet.");
  }
  return accept(
    {
      ...thread,
      awaiting: thread.status === "open" ? "agent" : thread.awaiting,
      messages: [...thread.messages, writtenMessage(message, "human", "sent")],
      updatedAt: at,
    },
    [{ kind: "checkpoint" }],
  );
}

/**
 * The person looked at the thread: what the agent wrote so far is no longer unread.
 * A look older than the one recorded changes nothing (events may arrive out of order).
 * @example markSeen(thread, "2026-01-01T15:00:00.000Z").next.seenAt // "2026-01-01T15:00:00.000Z"
 */
export function markSeen<T extends ThreadState>(thread: T, at: string): Transition<T> {
  if (thread.seenAt !== null && compareTimes(thread.seenAt, at) >= 0) return accept(thread);
  return accept({ ...thread, seenAt: at });
}

// --- The agent reads

/**
 * The agent was handed the thread (`review_list`): every sent human message becomes delivered.
 * Drafts stay drafts; the effects list what changed (none when nothing did).
 * @example markDelivered(thread).effects // [{ kind: "delivered", messageIds: ["m1"] }]
 */
export function markDelivered<T extends { readonly messages: readonly Message[] }>(thread: T): Transition<T> {
  const ids = thread.messages.filter((m) => m.author === "human" && m.delivery === "sent").map((m) => m.id);
  if (ids.length === 0) return accept(thread);
  return accept(
    {
      ...thread,
      messages: thread.messages.map((m) =>
        m.author === "human" && m.delivery === "sent" ? { ...m, delivery: "delivered" as const } : m,
      ),
    },
    [{ kind: "delivered", messageIds: ids }],
  );
}
