import { createSignal, Show } from "solid-js";
import { useReview } from "../state/review.js";
import "./release-bar.css";

/** The pending batch: how many drafts, where they go, the release button, and what the release sent. */
export function ReleaseBar() {
  const review = useReview();
  const [copied, setCopied] = createSignal(false);
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
  return (
    <>
      <footer data-component="release-bar">
        <span data-slot="count" data-state={review.drafts() > 0 ? "some" : "none"}>{countText()}</span>
        <span data-slot="session">
          {review.summary()?.session ? `to session “${review.summary()!.session!.title}”` : "no agent session attached"}
        </span>
        <Show when={review.summary()?.waiting}>{(waiting) => <span data-slot="waiting" role="status">{waiting().text}</span>}</Show>
        <button type="button" data-variant="primary" data-slot="release" disabled={review.drafts() === 0 || review.releasing()} onClick={() => void review.release()}>
          {review.releasing() ? "Releasing…" : "Release review"}
        </button>
      </footer>
      <Show when={review.released()}>
        {(result) => (
          <section data-component="release-result" data-mode={result().review.mode} role="status">
            <div data-slot="head">
              <span>
                {result().review.mode === "tools"
                  ? // An MCP client's agent cannot be told at once: the release waits for its next turn.
                    review.summary()?.waiting !== undefined && result().review.deliveredTo === null
                    ? `Released ${result().review.messages} message${result().review.messages === 1 ? "" : "s"}: waiting for the agent's next turn.`
                    : `Released ${result().review.messages} message${result().review.messages === 1 ? "" : "s"}: the agent was told to read them${result().review.deliveredTo ? ` (${result().review.deliveredTo})` : ""}.`
                  : `Released ${result().review.messages} message${result().review.messages === 1 ? "" : "s"} as this text${result().review.deliveredTo ? ` to ${result().review.deliveredTo}` : ""}:`}
              </span>
              <Show when={result().prose}>
                {(prose) => (
                  <button type="button" data-slot="action copy" onClick={() => void copy(prose())}>
                    {copied() ? "Copied" : "Copy"}
                  </button>
                )}
              </Show>
              <button type="button" data-slot="action dismiss" onClick={() => (setCopied(false), review.dismissRelease())}>
                Close
              </button>
            </div>
            <Show when={result().prose}>{(prose) => <pre data-slot="prose">{prose()}</pre>}</Show>
          </section>
        )}
      </Show>
    </>
  );
}
