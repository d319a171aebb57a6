import { createSignal, For, Show } from "solid-js";
import type { ReleaseResult, Verdict } from "../api.js";
import { useFocus } from "../state/navigation/focus.js";
import { useForgeQueue } from "../state/conversation/forge-queue.js";
import { useReview } from "../state/conversation/review.js";
import { COPY_ONLY, noSessionYet } from "../state/conversation/past-review-text.js";
import { ForgeBar } from "./forge-bar.js";
import { PastReviews } from "./past-reviews.js";
import { ChangeList } from "./change-list.js";
import { useChangesIfAny } from "../state/diff/changes.js";
import "./release-bar.css";

/** The pending batch: how many drafts, where they go, the release button, and what the release sent. */
export function ReleaseBar() {
  const review = useReview();
  const focus = useFocus();
  const forge = useForgeQueue();
  // The pull request a release may go to instead of the agent; without one the choice is not offered.
  const pullRequest = () => forge.pullRequest();
  const toPr = () => review.target() === "pr" && pullRequest() !== null;
  const [copied, setCopied] = createSignal(false);
  // GitHub's "Finish your review": the overall comment and the verdict open on request, so the bar stays one row.
  // It opens with no drafts too: an approval or a request for changes needs no comment.
  const finishing = focus.finishing;
  const setFinishing = focus.setFinishing;
  const [showingPast, setShowingPast] = createSignal(false);
  const [showingChanges, setShowingChanges] = createSignal(false);
  const changes = useChangesIfAny();
  const drafts = () => review.summary()?.drafts;
  const countText = () => {
    const d = drafts();
    const threads = d?.threads.length ?? 0;
    const replies = d?.messages.length ?? 0;
    if (threads + replies === 0) return "No drafts";
    const parts = [];
    if (threads) parts.push(`${threads} comment${threads === 1 ? "" : "s"}`);
    if (replies) parts.push(`${replies} repl${replies === 1 ? "y" : "ies"}`);
    return `${parts.join(", ")} pending`;
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Without clipboard permission the text stays selectable in the box below.
      setCopied(false);
    }
  };
  const verdicts: readonly { readonly value: Verdict; readonly label: string; readonly hint: string }[] = [
    { value: "comment", label: "Comment", hint: "Feedback without an explicit verdict." },
    { value: "approve", label: "Approve", hint: "The changes can go as they are." },
    { value: "changes", label: "Request changes", hint: "The agent must address this before it is done." },
  ];
  // Without drafts the button is the verdict itself, as GitHub's Approve.
  const releaseLabel = () => {
    if (review.releasing()) return "Releasing…";
    if (toPr()) return `Send review to pull request #${pullRequest()!.number}`;
    const alone = review.drafts() === 0;
    if (review.verdict() === "approve") return alone ? "Approve" : "Release and approve";
    if (review.verdict() === "changes") return alone ? "Request changes" : "Release and request changes";
    return alone && review.overall().trim() !== "" ? "Send overall comment" : "Release review";
  };
  const releasedText = (result: ReleaseResult) => {
    const r = result.review;
    if (r.pullRequest)
      return `Sent to the pull request as a review (${r.messages} message${r.messages === 1 ? "" : "s"}):`;
    const what =
      r.messages > 0
        ? `Released ${r.messages} message${r.messages === 1 ? "" : "s"}`
        : r.verdict === "approve"
          ? "Approved"
          : r.verdict === "changes"
            ? "Requested changes"
            : "Sent the overall comment";
    // Said as the server recorded it: nothing sent at all, or waiting for a session of a named work tree.
    if (r.delivery?.copyOnly) return `${what} as this text: ${COPY_ONLY}.`;
    if (r.delivery?.waitsFor === "session")
      return `${what}${r.mode === "prose" ? " as this text" : ""}: ${noSessionYet(r.delivery.worktree)}.`;
    if (r.mode === "prose") return `${what} as this text${r.deliveredTo ? ` to ${r.deliveredTo}` : ""}:`;
    // An MCP client's agent cannot be told at once: the release waits for its next turn.
    if (review.summary()?.waiting !== undefined && r.deliveredTo === null)
      return `${what}: waiting for the agent's next turn.`;
    return `${what}: the agent was told${r.messages > 0 ? " to read them" : ""}${r.deliveredTo ? ` (${r.deliveredTo})` : ""}.`;
  };
  // The newest failure is shown with a count of older ones: each is retried by the server meanwhile.
  const newestFailures = () => review.failedDeliveries().slice(0, 1);
  const olderFailures = () => Math.max(0, review.failedDeliveries().length - 1);
  return (
    <div data-component="release-area">
      <Show when={showingPast()}>
        <PastReviews />
      </Show>
      <Show when={showingChanges()}>
        <ChangeList />
      </Show>
      <ForgeBar />
      <Show when={finishing()}>
        <section data-component="finish-review" aria-label="Finish your review">
          <textarea
            data-slot="summary"
            placeholder="Leave an overall comment (optional)"
            aria-label="Overall comment"
            maxLength={4000}
            rows={2}
            value={review.overall()}
            onInput={(e) => review.setOverall(e.currentTarget.value)}
          />
          <div data-slot="verdicts" role="radiogroup" aria-label="Verdict">
            <For each={verdicts}>
              {(option) => (
                <label data-slot="verdict" data-value={option.value} title={option.hint}>
                  <input
                    type="radio"
                    name="verdict"
                    value={option.value}
                    checked={review.verdict() === option.value}
                    onChange={() => review.setVerdict(option.value)}
                  />
                  {option.label}
                </label>
              )}
            </For>
          </div>
          <Show when={pullRequest()}>
            {(pull) => (
              <div data-slot="targets" role="radiogroup" aria-label="Send to">
                <label data-slot="target" data-value="agent">
                  <input
                    type="radio"
                    name="target"
                    value="agent"
                    checked={!toPr()}
                    onChange={() => review.setTarget("agent")}
                  />
                  to the agent
                </label>
                <label
                  data-slot="target"
                  data-value="pr"
                  title="As a review on the forge: the verdict its event, the overall comment its body, each comment at its line."
                >
                  <input
                    type="radio"
                    name="target"
                    value="pr"
                    checked={toPr()}
                    onChange={() => review.setTarget("pr")}
                  />
                  to pull request #{pull().number}
                </label>
              </div>
            )}
          </Show>
          <Show when={!review.canRelease()}>
            <span data-slot="nothing" role="note">
              Nothing to release: write a comment, or approve or request changes.
            </span>
          </Show>
          <Show when={review.canRelease()}>
            <span data-slot="confirm-hint" role="note">
              Enter on the release button sends it · Esc closes this
            </span>
          </Show>
        </section>
      </Show>
      {/* In the flow above the bar, never over the diff: the threads' buttons stay where they are, clickable. */}
      <Show when={review.released()}>
        {(result) => (
          <section data-component="release-result" data-mode={result().review.mode} role="status">
            <div data-slot="head">
              <span>{releasedText(result())}</span>
              <Show when={result().prose}>
                {(prose) => (
                  <button type="button" data-slot="action copy" onClick={() => void copy(prose())}>
                    {copied() ? "Copied" : "Copy"}
                  </button>
                )}
              </Show>
              <button
                type="button"
                data-slot="action dismiss"
                onClick={() => (setCopied(false), review.dismissRelease())}
              >
                Close
              </button>
            </div>
            <Show when={result().review.pullRequest}>
              {(pr) => (
                <a data-slot="pull-request" href={pr().url} target="_blank" rel="noreferrer">
                  {pr().url}
                </a>
              )}
            </Show>
            <Show when={result().prose}>{(prose) => <pre data-slot="prose">{prose()}</pre>}</Show>
          </section>
        )}
      </Show>
      <footer data-component="release-bar">
        <span data-slot="count" data-state={review.drafts() > 0 ? "some" : "none"}>
          {countText()}
        </span>
        <span data-slot="session">
          {review.summary()?.session ? `to session “${review.summary()!.session!.title}”` : "no agent session attached"}
        </span>
        <Show when={review.summary()?.waiting}>
          {(waiting) => (
            <span data-slot="waiting" role="status">
              {waiting().text}
            </span>
          )}
        </Show>
        <Show when={review.waitingForSession()[0]}>
          {(waiting) => (
            <span data-component="delivery-waiting" data-review-id={waiting().id} role="status">
              <span data-slot="text">
                Review of {new Date(waiting().releasedAt).toLocaleTimeString()}:{" "}
                {noSessionYet(waiting().delivery.worktree)}
              </span>
              <Show when={review.summary()?.session}>
                {(session) => (
                  <button
                    type="button"
                    data-slot="action retry"
                    onClick={() => void review.retryDelivery(waiting().id)}
                  >
                    Send to “{session().title}”
                  </button>
                )}
              </Show>
            </span>
          )}
        </Show>
        <For each={newestFailures()}>
          {(failed) => (
            <span
              data-component="delivery-failed"
              data-review-id={failed.id}
              role="alert"
              title={`Your review of ${new Date(failed.releasedAt).toLocaleTimeString()} (${failed.messages} message${failed.messages === 1 ? "" : "s"}) has not reached the agent${failed.delivery.attempts ? ` after ${failed.delivery.attempts} attempt${failed.delivery.attempts === 1 ? "" : "s"}` : ""}: ${failed.delivery.error ?? "the delivery failed"}${olderFailures() > 0 ? ` (${olderFailures()} earlier release${olderFailures() === 1 ? "" : "s"} too)` : ""}`}
            >
              <span data-slot="text">
                Review of {new Date(failed.releasedAt).toLocaleTimeString()} not delivered:{" "}
                {failed.delivery.error ?? "the delivery failed"}
                {olderFailures() > 0 ? ` (+${olderFailures()} earlier)` : ""}
              </span>
              <button type="button" data-slot="action retry" onClick={() => void review.retryDelivery(failed.id)}>
                Retry
              </button>
              <button
                type="button"
                data-slot="action dismiss-delivery"
                onClick={() => void review.dismissDelivery(failed.id)}
              >
                Dismiss
              </button>
              <Show when={olderFailures() > 0}>
                <button
                  type="button"
                  data-slot="action dismiss-all-deliveries"
                  onClick={() => void review.dismissAllDeliveries()}
                >
                  Dismiss all
                </button>
              </Show>
            </span>
          )}
        </For>
        <button
          type="button"
          data-slot="action past"
          aria-label={`Past reviews (${review.past().length})`}
          aria-expanded={showingPast()}
          onClick={() => setShowingPast(!showingPast())}
        >
          Past<span data-slot="word"> reviews</span> ({review.past().length})
        </button>
        <Show when={changes}>
          {(c) => (
            <button
              type="button"
              data-slot="action changes"
              aria-label={`Your changes (${c().list().length})`}
              aria-expanded={showingChanges()}
              onClick={() => setShowingChanges(!showingChanges())}
            >
              Changes ({c().list().length})
            </button>
          )}
        </Show>
        <button
          type="button"
          data-slot="action finish"
          aria-expanded={finishing()}
          onClick={() => setFinishing(!finishing())}
        >
          {finishing() ? (
            "Hide summary"
          ) : (
            <>
              Finish<span data-slot="word"> your review</span>…
            </>
          )}
        </button>
        <button
          type="button"
          data-variant="primary"
          data-slot="release"
          disabled={!review.canRelease() || review.releasing()}
          title={
            review.canRelease() ? undefined : "Nothing to release: write a comment, or approve or request changes."
          }
          onClick={() => void review.release()}
        >
          {releaseLabel()}
        </button>
      </footer>
    </div>
  );
}
