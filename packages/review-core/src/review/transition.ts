import type { ReviewErrorCode } from "./review-error.js";

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
export function accept<T>(next: T, effects: readonly ThreadEffect[] = []): Accepted<T> {
  return { ok: true, next, effects };
}

/** @example refuse("conflict", "That thread is already resolved.") */
export function refuse(code: RefusalCode, reason: string): Refusal {
  return { ok: false, code, reason };
}
