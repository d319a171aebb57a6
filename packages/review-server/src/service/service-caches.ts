import { AnchorMemo } from "./threads/anchor-memo.js";
import { CommitFileCache } from "./files/commit-file-cache.js";
import { ListingMemo } from "./agent/listing-memo.js";
import { PageListings } from "./agent/page-listings.js";
import { RoundFileMemo } from "./rounds/round-file-memo.js";

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
   * Files' texts at commits (round snapshots and bases), read with git once: a listing computed whole (a
   * panel's first, or any after the files changed) buys 1.2x from it (`pnpm bench list-threads`). It was
   * left out once for an HTTP-load cost that did not hold up: that load's listings and replies reuse kept
   * anchors and read no file, and its server event-loop time per request came out the same with it and
   * without it (0.55-0.58 ms and 0.36-0.59 ms over two runs each; `pnpm bench http-load`). Optional, so a
   * composition root can leave it out where memory counts more than listings computed whole.
   */
  readonly commitFiles?: CommitFileCache;
}

/** @example createReviewService({ dir, store, bus, delivery, caches: createServiceCaches() }) */
export function createServiceCaches(): ServiceCaches {
  return {
    listings: new ListingMemo(),
    anchors: new AnchorMemo(),
    pages: new PageListings(),
    roundFiles: new RoundFileMemo(),
    commitFiles: new CommitFileCache(),
  };
}
