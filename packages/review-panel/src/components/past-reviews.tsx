import { For, Show } from "solid-js";
import { deliveryText, messagesText, verdictLabel } from "../state/conversation/past-review-text.js";
import { useReview } from "../state/conversation/review.js";
import "./past-reviews.css";

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
                <span data-slot="messages">{messagesText(past.messages)}</span>
                <Show
                  when={past.pullRequest}
                  fallback={
                    <span data-slot="delivery" data-state={past.delivery.state}>
                      {deliveryText(past)}
                    </span>
                  }
                >
                  {(pr) => (
                    <span data-slot="delivery" data-state="pull-request">
                      sent to the pull request:{" "}
                      <a href={pr().url} target="_blank" rel="noreferrer">
                        {pr().url}
                      </a>
                    </span>
                  )}
                </Show>
                <Show when={past.summary}>{(summary) => <p data-slot="summary">{summary()}</p>}</Show>
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  );
}
