// The state slices both panels hold, wired once over one ReviewClient: the web App and the terminal's model
// call this, so a slice added or rewired is added or rewired for both.
import type { Accessor } from "solid-js";
import { createNotices } from "./conversation/notices.js";
import { createReview } from "./conversation/review.js";
import { createReviewer } from "./conversation/reviewer.js";
import { createThreads } from "./conversation/threads.js";
import { createBranchBases } from "./diff/branch-bases.js";
import { createDiff, type DiffOptions } from "./diff/diff.js";
import { createRounds, type Rounds } from "./diff/rounds.js";
import { createViewed } from "./diff/viewed.js";
import type { DiffRange, ReviewClient } from "./review-client.js";

export type ReviewSlices = ReturnType<typeof createReviewSlices>;

/**
 * Notices, rounds, threads and the review, branch bases, reviewer runs, the diff and its viewed marks. A
 * draft written refreshes the review; a release lists the threads and rounds again.
 * @example const { threads, review, diff } = createReviewSlices(api, { threadsInRange: true, diff: { viewStorage } });
 */
export function createReviewSlices(
  client: ReviewClient,
  options: {
    /** The range the diff shows, from the rounds; default the rounds slice's own pick (the web's round picker). */
    readonly range?: (rounds: Rounds) => Accessor<DiffRange>;
    /** Threads laid out in the diff's range too (`inRange`, `shown`), as the web panel draws them. */
    readonly threadsInRange?: boolean;
    readonly diff?: DiffOptions;
  } = {},
) {
  const notices = createNotices();
  const rounds = createRounds(client, notices);
  const range = options.range?.(rounds) ?? rounds.range;
  // The review and the threads each call the other, later: the callbacks read them once both exist.
  const review = createReview(client, notices, () => Promise.all([threads.load(), rounds.load()]));
  const threads = createThreads(
    client,
    notices,
    () => void review.refresh(),
    options.threadsInRange ? range : undefined,
  );
  const diff = createDiff(client, range, notices, options.diff);
  const viewed = createViewed(client, range, diff.files, diff.setFolded, notices);
  const bases = createBranchBases(client, notices);
  const reviewer = createReviewer(client, notices);
  return { notices, rounds, range, review, threads, diff, viewed, bases, reviewer };
}
