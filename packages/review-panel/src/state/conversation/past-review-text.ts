// How a past release reads, in the web panel's list and the terminal's: its verdict, its size, where it went.
import type { PastReview, Verdict } from "../review-client.js";

/** How a verdict reads in the list; a release from before verdicts existed reads as a comment. */
export const verdictLabel: Readonly<Record<Verdict, string>> = {
  comment: "Commented",
  approve: "Approved",
  changes: "Changes requested",
};

/** What a release made with no session open says, in the confirmation and wherever it is listed. */
export const NO_SESSION_YET = "no session yet: it goes to the next session you open";

/**
 * NO_SESSION_YET naming the work tree whose next session gets the release, when the server said which.
 * @example noSessionYet("/src/app") // "no session yet in /src/app: it goes to the next session you open there"
 */
export function noSessionYet(worktree: string | undefined): string {
  return worktree ? `no session yet in ${worktree}: it goes to the next session you open there` : NO_SESSION_YET;
}

/** What a release made with nobody on the other end says (`serve` without `--opencode`, the demo). */
export const COPY_ONLY = "no agent is attached here, so nothing was sent: copy this text to your agent";

/** @example deliveryText(review) // "delivered to ses_1", "waiting for the agent", "not delivered: ..." */
export function deliveryText(review: PastReview): string {
  if (review.pullRequest) return `sent to the pull request: ${review.pullRequest.url}`;
  if (review.delivery.copyOnly) return "shown as text to copy (no agent was attached; nothing was sent)";
  if (review.delivery.state === "delivered")
    return review.delivery.to ? `delivered to ${review.delivery.to}` : "delivered";
  if (review.delivery.state === "pending")
    return review.delivery.waitsFor === "session" ? `waiting: ${NO_SESSION_YET}` : "waiting for the agent";
  return `not delivered: ${review.delivery.error ?? "the delivery failed"}`;
}

/** @example messagesText(0) // "no comments"; messagesText(2) // "2 messages" */
export function messagesText(count: number): string {
  return count === 0 ? "no comments" : `${count} message${count === 1 ? "" : "s"}`;
}

/**
 * A release as one line of text, then its overall comment's lines, for a list without markup (the terminal).
 * @example pastReviewLines(review) // ["Approved · 2026-12-01 13:05 · no comments · delivered to ses_1", "  Ship it."]
 */
export function pastReviewLines(review: PastReview): string[] {
  const at = review.releasedAt.slice(0, 16).replace("T", " ");
  const head = `${verdictLabel[review.verdict ?? "comment"]} · ${at} · ${messagesText(review.messages)} · ${deliveryText(review)}`;
  const summary = (review.summary ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `  ${line}`);
  return [head, ...summary];
}
