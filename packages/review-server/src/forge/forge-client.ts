import type { ForgeKind, Side } from "@opencode-review/core";
import type { ForgeRepository } from "./forge-remote.js";

/** A pull request as the forge describes it. */
export interface ForgePullRequest {
  readonly number: number;
  readonly url: string;
  readonly headRefName: string;
  readonly headOid: string;
}

/** One comment of a review thread. */
export interface ForgeComment {
  /** The forge's id of the comment (GitHub's databaseId, the REST id), as text. */
  readonly id: string;
  readonly login: string;
  readonly body: string;
  /** The diff hunk shown above it: it ends at the commented line. */
  readonly diffHunk: string;
  /** The commit it was written on; null when the forge does not say. */
  readonly commit: string | null;
  readonly createdAt: string;
  readonly url: string;
}

/** A review thread of a pull request: a place in its diff and the comments there, in order. */
export interface ForgeThread {
  readonly id: string;
  readonly path: string;
  readonly side: Side;
  /** The line range when the thread was written (at its first comment's commit); null on a file-level thread. */
  readonly originalStartLine: number | null;
  readonly originalLine: number | null;
  /** The range on the pull request's head now; null when outdated. */
  readonly startLine: number | null;
  readonly line: number | null;
  readonly resolved: boolean;
  readonly outdated: boolean;
  readonly url: string;
  readonly comments: readonly ForgeComment[];
}

/** Every review thread of a pull request, and one line for each comment left out because of its shape. */
export interface ForgeThreads {
  readonly threads: readonly ForgeThread[];
  readonly skipped: readonly string[];
}

/** What the cheap first request of a pull finds: the pull request and a fingerprint of its threads. */
export interface ForgeSurvey {
  readonly pull: ForgePullRequest;
  /** Equal fingerprints: no thread, comment or resolve changed since. */
  readonly fingerprint: string;
  readonly threads: number;
  /** The token's account (GitHub's viewer): replies go under this name; null when the forge does not say. */
  readonly login: string | null;
  /** The forge's API can resolve a thread (its dialect's ability at its version): else a push resolves here only. */
  readonly canResolve: boolean;
}

/** A comment line for a review: where on the pull request's diff, and what it says. */
export interface ForgeReviewComment {
  readonly path: string;
  readonly line: number;
  readonly side: Side;
  readonly body: string;
}

/** The verdict of a review as forges name it. */
export type ForgeReviewEvent = "APPROVE" | "REQUEST_CHANGES" | "COMMENT";

/**
 * One forge's API, whatever its kind: everything a pull, a push and a release to a pull request need.
 * Each call reads the token when it sends and lets go of it after; failures are ReviewErrors (forgeFailure).
 */
export interface ForgeClient {
  readonly kind: ForgeKind;
  readonly repository: ForgeRepository;
  /** The open pull request whose head is `branch`, or the one numbered `number`; null when there is none. */
  survey(target: { readonly branch: string } | { readonly number: number }): Promise<ForgeSurvey | null>;
  /** Every review thread with all its comments; a comment of the wrong shape is left out with a line saying why. */
  threads(pr: number): Promise<ForgeThreads>;
  /**
   * The reply carrying `marker` in the thread, if a push whose answer was lost did post it: a comment of the
   * token's account only (anyone can write the marker's text in a comment of their own).
   */
  findReply(
    pr: number,
    thread: { readonly id: string; readonly replyTo: string },
    marker: string,
  ): Promise<{ readonly id: string; readonly url: string } | null>;
  /** Posts `body` as a reply in the thread (under the token's account). */
  reply(
    pr: number,
    thread: { readonly id: string; readonly replyTo: string },
    body: string,
  ): Promise<{ readonly id: string; readonly url: string }>;
  /** Marks the thread resolved on the forge; false, sending nothing, where its API has no resolve (Forgejo). */
  resolve(pr: number, thread: { readonly id: string; readonly replyTo: string }): Promise<boolean>;
  /** The lines of each file the pull request's diff shows, by side: where a review comment may go. */
  diffLines(
    pr: number,
  ): Promise<ReadonlyMap<string, { readonly new: ReadonlySet<number>; readonly old: ReadonlySet<number> }>>;
  /** Submits a review with its verdict, body and line comments. */
  submitReview(
    pr: number,
    review: {
      readonly event: ForgeReviewEvent;
      readonly body: string;
      readonly comments: readonly ForgeReviewComment[];
    },
  ): Promise<{ readonly id: string; readonly url: string }>;
}
