// The person's pending batch: its drafts, where it goes, and what the last release sent.
import { createContext, createSignal, useContext } from "solid-js";
import type { ReviewClient, PastReview, ReleaseResult, ReviewSummary, Verdict } from "../review-client.js";
import type { Notices } from "./notices.js";

export type Review = ReturnType<typeof createReview>;

/**
 * Releases whose message never reached the agent (still failing after the server's retries) and that the
 * person has not dismissed, in the order given.
 * @example failedDeliveries(reviews) // [{ id: "v_1", delivery: { state: "failed", error: "No agent session..." } }]
 */
export function failedDeliveries(reviews: readonly PastReview[]): readonly PastReview[] {
  return reviews.filter((r) => r.delivery.state === "failed" && r.delivery.dismissed !== true);
}

/**
 * The review slice: the draft counts and the release.
 * @example const review = createReview(api, notices); await review.refresh(); await review.release()
 */
export function createReview(
  client: ReviewClient,
  notices: Notices,
  onReleased: () => Promise<unknown> | void = () => {},
) {
  const [summary, setSummary] = createSignal<ReviewSummary | null>(null);
  const [released, setReleased] = createSignal<ReleaseResult | null>(null);
  const [releasing, setReleasing] = createSignal(false);
  const [overall, setOverall] = createSignal("");
  const [verdict, setVerdict] = createSignal<Verdict>("comment");
  // Where the next release goes: the agent, or the branch's pull request as a review (offered only when there is one).
  const [target, setTarget] = createSignal<"agent" | "pr">("agent");
  const [past, setPast] = createSignal<readonly PastReview[]>([]);

  async function refresh(): Promise<void> {
    const [outcome, reviews] = await Promise.all([client.review(), client.reviews()]);
    if (outcome.ok) setSummary(outcome.value);
    else notices.report(outcome.error);
    if (reviews.ok) setPast(reviews.value.reviews);
  }
  const replacePast = (review: PastReview) => setPast((all) => all.map((r) => (r.id === review.id ? review : r)));

  return {
    summary,
    released,
    releasing,
    refresh,
    /** Draft threads and draft replies: everything a release would send. */
    drafts: () => (summary()?.drafts.threads.length ?? 0) + (summary()?.drafts.messages.length ?? 0),
    /**
     * Whether a release says anything: drafts, or without any an overall comment or an approval or request
     * for changes (GitHub's Approve with no comments); the plain Comment verdict alone is "nothing to release".
     */
    canRelease: () =>
      (summary()?.drafts.threads.length ?? 0) + (summary()?.drafts.messages.length ?? 0) > 0 ||
      overall().trim() !== "" ||
      verdict() !== "comment",
    /** Every past release, newest first, with its verdict, overall comment and delivery. */
    past,
    dismissRelease: () => setReleased(null),
    /** "Finish your review": the overall comment and the verdict that go with the next release. */
    overall,
    setOverall,
    verdict,
    setVerdict,
    target,
    setTarget,
    /** Releases whose message has not reached the agent (still failing after the server's retries), until dismissed. */
    failedDeliveries: () => failedDeliveries(past()),
    /** Releases that wait for a session to go to (none was open when they were made). */
    waitingForSession: () => past().filter((r) => r.delivery.state === "pending" && r.delivery.waitsFor === "session"),
    /**
     * Tries again to `sessionId`, by default the session the bar names (`to session "…"`), not the one the
     * release first had (the terminal names the session it was opened from).
     */
    retryDelivery: async (id: string, sessionId: string | undefined = summary()?.session?.id): Promise<boolean> => {
      const outcome = await client.retryDelivery(id, sessionId);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      replacePast(outcome.value.review);
      return true;
    },
    dismissDelivery: async (id: string): Promise<void> => {
      const outcome = await client.dismissDelivery(id);
      if (outcome.ok) replacePast(outcome.value.review);
      else notices.report(outcome.error);
    },
    /** Dismisses every failed delivery at once (the one notice stands for all of them). */
    dismissAllDeliveries: async (): Promise<boolean> => {
      for (const r of failedDeliveries(past())) {
        const outcome = await client.dismissDelivery(r.id);
        if (!outcome.ok) return (notices.report(outcome.error), false);
        replacePast(outcome.value.review);
      }
      return true;
    },
    release: async (): Promise<boolean> => {
      if (releasing()) return false;
      setReleasing(true);
      const outcome = await client.release(summary()?.session?.id, {
        summary: overall(),
        verdict: verdict(),
        ...(target() === "pr" ? { pr: true } : {}),
      });
      setReleasing(false);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      setReleased(outcome.value);
      setOverall("");
      setVerdict("comment");
      setTarget("agent");
      await Promise.all([refresh(), onReleased()]);
      return true;
    },
  };
}

export const ReviewContext = createContext<Review>();

/** The review slice of the enclosing panel. */
export function useReview(): Review {
  const value = useContext(ReviewContext);
  if (!value) throw new Error("useReview outside ReviewContext");
  return value;
}
