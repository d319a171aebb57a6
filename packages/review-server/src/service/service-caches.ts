import { AnchorMemo } from "./anchor-memo.js";
import { ListingMemo } from "./listing-memo.js";

/**
 * The caches a review service reads through, made where the server (or the terminal half) is assembled and
 * passed in, so no module holds state and two services never share one by accident. Each is kept because
 * it bought at least a fifth of the server's CPU time on a review session (three panels listing after each
 * of 100 agent replies; `pnpm bench review-session`): without the listings 4.2x, without their patching
 * 2.0x, without the anchors 1.5x. The other caches measured there bought less and were removed.
 */
export interface ServiceCaches {
  /** The panel's listings, kept and patched while nothing they were computed from changed. */
  readonly listings: ListingMemo;
  /** Anchors located so far, reused while their file and place are unchanged (listings, replies, the agent's list). */
  readonly anchors: AnchorMemo;
}

/** @example createReviewService({ dir, store, bus, delivery, caches: createServiceCaches() }) */
export function createServiceCaches(): ServiceCaches {
  return { listings: new ListingMemo(), anchors: new AnchorMemo() };
}
