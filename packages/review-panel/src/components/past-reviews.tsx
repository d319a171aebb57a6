import { For, Show } from "solid-js";
import type { PastReview, Verdict } from "../api.js";
import { useReview } from "../state/review.js";
import "./past-reviews.css";

/** How a verdict reads in the list; a release from before verdicts existed reads as a comment. */
export const verdictLabel: Readonly<Record<Verdict, string>> = { comment: "Commented", approve: "Approved", changes: "Changes requested" };

function deliveryText(review: PastReview): string {
  if (review.delivery.state === "delivered") return review.delivery.to ? `delivered to ${review.delivery.to}` : "delivered";
  if (review.delivery.state === "pending") return "waiting for the agent";
  return `not delivered: ${review.delivery.error ?? "the delivery failed"}`;
}

/** Every past release of the branch, newest first, with its verdict, overall comment and where it went (GitHub's review list). */
export function PastReviews() {
  const review = useReview();
  return (
    <section data-component="past-reviews" aria-label="Past reviews">
      <Show when={review.past().length > 0} fallback={<p data-slot="empty">No review released on this branch yet.</p>}>
        <ol>
          <For each={review.past()}>
            {(past) => (
              <li data-review-id={past.id} data-verdict={past.verdict ?? "comment"}>
                <span data-slot="verdict">{verdictLabel[past.verdict ?? "comment"]}</span>
                <time datetime={past.releasedAt}>{new Date(past.releasedAt).toLocaleString()}</time>
                <span data-slot="messages">{past.messages === 0 ? "no comments" : `${past.messages} message${past.messages === 1 ? "" : "s"}`}</span>
                <span data-slot="delivery" data-state={past.delivery.state}>{deliveryText(past)}</span>
                <Show when={past.summary}>{(summary) => <p data-slot="summary">{summary()}</p>}</Show>
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  );
}
