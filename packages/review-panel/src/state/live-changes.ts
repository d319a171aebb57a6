// What a live change does to the review's slices, once for both panels: the web hears it on its event
// stream, the terminal from the store's change log (`ReviewClient.events`); each adds only what its view needs.
import type { BranchBases } from "./diff/branch-bases.js";
import type { ForgeQueue } from "./conversation/forge-queue.js";
import type { ServerEvent } from "./review-client.js";
import type { Review } from "./conversation/review.js";
import type { Reviewer } from "./conversation/reviewer.js";
import type { Rounds } from "./diff/rounds.js";
import type { Threads } from "./conversation/threads.js";
import type { Viewed } from "./diff/viewed.js";
import type { TourWalk } from "./tour/tour.js";
import type { Changes } from "./diff/changes.js";

/** The slices a live change reaches. */
export interface LiveSlices {
  readonly threads: Threads;
  readonly review: Review;
  readonly rounds: Rounds;
  readonly viewed: Viewed;
  readonly bases: BranchBases;
  readonly reviewer: Reviewer;
  /** The pull request's Send list, where the panel keeps one open. */
  readonly forge?: ForgeQueue;
  /** The agent's tour, where the panel walks one. */
  readonly tour?: TourWalk;
  /** The person's changes from the review (undo, apply), where the panel lists them. */
  readonly changes?: Changes;
}

/**
 * Applies one live change to the slices; `worktree` is the panel's own answer to files the agent wrote.
 * @example client.events((event) => applyLiveChange(slices, event, { worktree: (paths) => diff.worktreeChanged(paths) }))
 */
export function applyLiveChange(
  slices: LiveSlices,
  event: ServerEvent,
  side: { readonly worktree?: (paths: readonly string[]) => void } = {},
): void {
  switch (event.type) {
    case "thread":
      slices.threads.upsert(event.thread);
      // A reply queued on a pull request's thread, or posted by another process: the Send list is read again.
      if (event.thread.forge) void slices.forge?.load();
      // A draft written or changed elsewhere (another tab) changes what a release would send; a tool that
      // read released comments (MCP) changes what still waits for the agent's next turn.
      if (
        event.thread.status === "draft" ||
        event.thread.messages.some((m) => m.delivery === "unsent") ||
        slices.review.summary()?.waiting
      )
        void slices.review.refresh();
      return;
    case "round":
      return void slices.rounds.add(event.round);
    // Another panel marked files viewed (they fold) or picked the diff's start (the picker shows it).
    case "viewed":
      return void slices.viewed.load();
    case "base":
      return void slices.bases.load();
    case "worktree":
      return void side.worktree?.(event.paths);
    case "run":
      return void slices.reviewer.upsert(event.run);
    case "review":
      return void slices.review.refresh();
    case "tour":
      return void slices.tour?.receive(event.tour);
    // Someone undid, applied or restored a change (another tab, the terminal): the list is read again.
    case "change":
      return void slices.changes?.load();
  }
}
