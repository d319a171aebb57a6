import { AnchorMemo } from "./anchor-memo.js";
import type { CommitFileCache } from "./commit-file-cache.js";
import { ListingMemo } from "./listing-memo.js";
import { PageListings } from "./page-listings.js";
import { RoundFileMemo } from "./round-file-memo.js";

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
  /**
   * The agent's review_list listings its cursors continue: all pages right after an edit cost about one
   * listing instead of one per page (`pnpm bench paged-listing`: 4x the first page without it).
   */
  readonly pages: PageListings;
  /**
   * Files' texts and diff at rounds, for new anchors: a draft POST spent ~3 git processes (about 100 ms on an
   * idle machine) reading what it reads again for the next comment on the file (`pnpm bench draft-thread`).
   */
  readonly roundFiles: RoundFileMemo;
  /**
   * Files' texts at commits (round snapshots and bases), read with git once. Not made by default: a listing
   * computed whole buys 1.3x from it (`pnpm bench list-threads`), but under the HTTP load (`pnpm bench
   * http-load`, three pairs) the server spent 1.5-1.7x the event-loop time per request with it, and its GC
   * pauses doubled. A composition root may pass one where listings computed whole dominate.
   */
  readonly commitFiles?: CommitFileCache;
}

/** @example createReviewService({ dir, store, bus, delivery, caches: createServiceCaches() }) */
export function createServiceCaches(): ServiceCaches {
  return { listings: new ListingMemo(), anchors: new AnchorMemo(), pages: new PageListings(), roundFiles: new RoundFileMemo() };
}
