import type { Finding, Run, Thread, Tour } from "@opencode-review/core";
import type { BranchEntry } from "../service/branches/list-branches.js";

/** A round as `GET /api/rounds` lists it (docs/http.md). */
export interface RoundInfo {
  readonly id: string;
  readonly ordinal: number;
  readonly base: string;
  readonly snapshot: string;
  readonly createdAt: string;
}

/** A released review as `POST /api/review/release` answers it; `messages` counts what went out. */
export interface ReleasedReview {
  readonly id: string;
  readonly releasedAt: string;
  readonly messages: number;
  readonly mode: "tools" | "prose";
  readonly deliveredTo: string | null;
  /** The person's overall comment and verdict (`POST /api/review/release`). */
  readonly summary?: string | null;
  readonly verdict?: "comment" | "approve" | "changes" | null;
  /** Where the message to the agent is (`GET /api/reviews`). */
  readonly delivery?: {
    readonly state: "delivered" | "pending" | "failed";
    readonly error?: string;
    readonly to?: string;
    readonly dismissed?: boolean;
    readonly waitsFor?: "session";
    readonly worktree?: string;
    readonly copyOnly?: true;
  };
}

/** Something the panel should redraw: the changed object, under the name of its kind. */
export type ReviewEvent =
  // A reviewer's finding travels as a thread (origin "reviewer"), once its run is released.
  | { readonly type: "thread"; readonly thread: Thread | Finding }
  | { readonly type: "run"; readonly run: Run }
  | { readonly type: "review"; readonly review: ReleasedReview }
  | { readonly type: "round"; readonly round: RoundInfo }
  // Files changed in the work tree (by the agent, an editor): a diff to the work tree is read again.
  | { readonly type: "worktree"; readonly worktree: WorktreeChange }
  // Another process marked files viewed (or not), or picked the diff's start for the branch.
  | { readonly type: "viewed"; readonly marks: BranchChange }
  | { readonly type: "base"; readonly base: BranchChange }
  // The person changed the work tree from the review (undo, applied suggestion), or restored such a change.
  | { readonly type: "change"; readonly change: ChangeInfo }
  // A branch of the repository changed (its work tree, its review, its agents): its entry in GET /api/branches.
  | { readonly type: "branch"; readonly branch: BranchEntry }
  // The agent left a new tour of its change (review_tour).
  | { readonly type: "tour"; readonly tour: Tour };

/** A change as `GET /api/changes` lists it (docs/http.md). */
export interface ChangeInfo {
  readonly id: string;
  readonly kind: "undo" | "apply";
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly at: string;
  readonly restoredAt: string | null;
}

/** What `viewed` and `base` carry: only which branch; the panel reads the marks or the pick again. */
export interface BranchChange {
  readonly branch: string;
}

/** What `worktree` carries: the changed paths, from the work tree's root (ignored files left out). */
export interface WorktreeChange {
  readonly paths: readonly string[];
}

export type ReviewEventType = ReviewEvent["type"];

/**
 * The changed object an event carries, which is what travels as the SSE `data`.
 * @example eventPayload({ type: "round", round }) === round
 */
export function eventPayload(
  event: ReviewEvent,
):
  | Thread
  | Finding
  | Run
  | ReleasedReview
  | RoundInfo
  | WorktreeChange
  | BranchChange
  | ChangeInfo
  | BranchEntry
  | Tour {
  switch (event.type) {
    case "thread":
      return event.thread;
    case "review":
      return event.review;
    case "round":
      return event.round;
    case "run":
      return event.run;
    case "worktree":
      return event.worktree;
    case "viewed":
      return event.marks;
    case "base":
      return event.base;
    case "change":
      return event.change;
    case "branch":
      return event.branch;
    case "tour":
      return event.tour;
  }
}
