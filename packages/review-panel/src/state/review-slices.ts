// The state slices both panels hold, wired once over one ReviewClient: the web App and the terminal's model
// call this, so a slice added or rewired is added or rewired for both.
import { createEffect, createMemo, on, type Accessor } from "solid-js";
import { createNotices } from "./conversation/notices.js";
import { createReview } from "./conversation/review.js";
import { createReviewer } from "./conversation/reviewer.js";
import { createThreads } from "./conversation/threads.js";
import { createBranchBases } from "./diff/branch-bases.js";
import { createDiff, type DiffOptions } from "./diff/diff.js";
import { createRounds, type Rounds } from "./diff/rounds.js";
import { createViewed } from "./diff/viewed.js";
import { createSinceReview } from "./diff/since-review.js";
import { createTour } from "./tour/tour.js";
import type { DiffRange, ReviewClient } from "./review-client.js";

export type ReviewSlices = ReturnType<typeof createReviewSlices>;

/**
 * Notices, rounds, threads and the review, branch bases, reviewer runs, the agent's tour, the diff, its viewed
 * marks and what changed in it since the last release. A
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
  // What changed since the person's last release, read beside every diff, for the marks on files and hunks.
  const since = createSinceReview(client, range);
  const diff = createDiff(client, range, notices, {
    ...options.diff,
    onRead: (files, asked, current) => {
      options.diff?.onRead?.(files, asked, current);
      void since.refresh();
    },
  });
  // A release (here, in the other panel, by another process) moves "my last review": the marks follow at once,
  // not at the next diff read. Once the past releases are first listed it reads again too; that costs one read.
  const newestRelease = createMemo(() => review.past()[0]?.id);
  createEffect(on(newestRelease, () => void since.refresh(), { defer: true }));
  const viewed = createViewed(client, range, diff.files, diff.setFolded, notices);
  const bases = createBranchBases(client, notices);
  const reviewer = createReviewer(client, notices);
  const tour = createTour(client, notices);
  return { notices, rounds, range, review, threads, diff, since, viewed, bases, reviewer, tour };
}
