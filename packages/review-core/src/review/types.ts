import type { AnchorContext, Location, Side } from "../anchor/types.js";

export type Author = "human" | "agent";
export type ThreadStatus = "draft" | "open" | "resolved";
export type Awaiting = "agent" | "human" | null;
/** `unsent`: a draft; `sent`: released; `delivered`: returned to the agent by a tool. */
export type Delivery = "unsent" | "sent" | "delivered";

/**
 * What the checked resolve made of an agent message that claimed its thread resolved: accepted, or
 * refused with the reason as the person reads it ("the lines read as they did").
 */
export interface MessageClaim {
  readonly resolved: true;
  readonly accepted: boolean;
  readonly reason?: string;
}

/**
 * Where an agent's reply on a pull-request thread stands: waiting to be sent, being sent by one push (which
 * claimed it), on the forge, or refused by it.
 */
export type ForgeReplyState = "queued" | "sending" | "posted" | "failed";

export interface Message {
  readonly id: string;
  readonly author: Author;
  readonly body: string;
  readonly suggestion: readonly string[] | null;
  readonly createdAt: string;
  readonly delivery: Delivery;
  /** Only on an agent message that claimed `resolved: true`. */
  readonly claim?: MessageClaim;
  /** The forge account that wrote it (a message pulled from a pull request). */
  readonly login?: string;
  /** An agent reply on a forge thread: queued until the person sends it, then posted (or failed, with why). */
  readonly forge?: {
    readonly id?: string;
    readonly url?: string;
    readonly state: ForgeReplyState;
    readonly error?: string;
  };
}

/** The forges a pull request's threads come from. */
export type ForgeKind = "github" | "forgejo";

/** Who opened a thread: the person, the agent, or someone on a pull request (`forge` says which). */
export type ThreadOrigin = Author | "forge";

/** The pull-request thread a thread came from. */
export interface ForgeLink {
  readonly kind: ForgeKind;
  readonly pr: number;
  readonly url: string;
  readonly threadId: string;
}

export interface RoundRef {
  readonly id: string;
  readonly ordinal: number;
}

/** A thread as tools and HTTP show it (docs/concepts.md, "Thread JSON"). */
export interface Thread {
  readonly id: string;
  readonly file: string;
  readonly side: Side;
  readonly start: number | null;
  readonly end: number | null;
  readonly round: RoundRef;
  readonly quoted: readonly string[];
  readonly context: AnchorContext;
  /** Where the lines are now; `file` is set when the file was renamed since the thread was written. */
  readonly anchor: Location & { readonly file?: string };
  readonly status: ThreadStatus;
  readonly awaiting: Awaiting;
  readonly origin: ThreadOrigin;
  /** Present on a thread that came from a pull request. */
  readonly forge?: ForgeLink;
  readonly resolvedAt: string | null;
  readonly resolvedBy: Author | null;
  readonly unreadByHuman: boolean;
  readonly messages: readonly Message[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The overall word on a batch, the person's release or a reviewer run's, as GitHub has it. */
export const VERDICTS = ["comment", "approve", "changes"] as const;
export type Verdict = (typeof VERDICTS)[number];
