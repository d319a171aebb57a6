import type { Author, Awaiting, Message, ThreadStatus } from "./types.js";

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
