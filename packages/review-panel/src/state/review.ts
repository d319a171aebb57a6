// The person's pending batch: its drafts, where it goes, and what the last release sent.
import { createContext, createSignal, useContext } from "solid-js";
import type { Api, ReleaseResult, ReviewSummary } from "../api.js";
import type { Notices } from "./notices.js";

export type Review = ReturnType<typeof createReview>;

/**
 * The review slice: the draft counts and the release.
 * @example const review = createReview(api, notices); await review.refresh(); await review.release()
 */
export function createReview(api: Api, notices: Notices, onReleased: () => Promise<unknown> | void = () => {}) {
  const [summary, setSummary] = createSignal<ReviewSummary | null>(null);
  const [released, setReleased] = createSignal<ReleaseResult | null>(null);
  const [releasing, setReleasing] = createSignal(false);

  async function refresh(): Promise<void> {
    const outcome = await api.review();
    if (outcome.ok) setSummary(outcome.value);
    else notices.report(outcome.error);
  }

  return {
    summary,
    released,
    releasing,
    refresh,
    /** Draft threads and draft replies: everything a release would send. */
    drafts: () => (summary()?.drafts.threads.length ?? 0) + (summary()?.drafts.messages.length ?? 0),
    dismissRelease: () => setReleased(null),
    release: async (): Promise<boolean> => {
      if (releasing()) return false;
      setReleasing(true);
      const outcome = await api.release(summary()?.session?.id);
      setReleasing(false);
      if (!outcome.ok) return notices.report(outcome.error), false;
      setReleased(outcome.value);
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
