import { createEffect, For, Show } from "solid-js";
import {
  answersLine,
  replyPlace,
  sendQuestion,
  useForgeQueue,
  type ForgeQueueNote,
} from "../state/conversation/forge-queue.js";
import "./forge-bar.css";

const sentOf = (note: ForgeQueueNote) => (note.kind === "sent" && note.sent.length > 0 ? note.sent : null);

/**
 * The branch's pull request (shown only when it has one): under whose name replies go, the agent's replies
 * waiting to be posted (place, the forge comment answered, whether it resolves the forge thread), Send
 * (asks first, as a release does) and Pull; after a send, what was posted with links, or why not.
 */
export function ForgeBar() {
  const queue = useForgeQueue();
  let confirmButton: HTMLButtonElement | undefined;
  // The question opens with its Send focused, as "Finish your review" does: Enter sends, Esc or Cancel does not.
  createEffect(() => {
    if (queue.asking()) queueMicrotask(() => confirmButton?.focus());
  });
  return (
    <Show when={queue.pullRequest()}>
      {(pull) => (
        <section
          data-component="forge-bar"
          aria-label={`Pull request #${pull().number}`}
          data-state={queue.waiting().length > 0 ? "waiting" : "none"}
        >
          <div data-slot="head">
            <a data-slot="pull-request" href={pull().url} target="_blank" rel="noreferrer">
              Pull request #{pull().number}
            </a>
            <span data-slot="login">
              {pull().login ? `replies go as @${pull().login}` : "replies go under the token's account"}
            </span>
            <span data-slot="count">
              {queue.waiting().length === 0
                ? `nothing waits to be posted (${queue.status()?.posted ?? 0} posted)`
                : `${queue.waiting().length} repl${queue.waiting().length === 1 ? "y waits" : "ies wait"} to be posted`}
            </span>
            <button
              type="button"
              data-slot="action pull"
              disabled={queue.busy() !== null}
              onClick={() => void queue.pull()}
            >
              {queue.busy() === "pull" ? "Pulling…" : "Pull"}
            </button>
            <button
              type="button"
              data-slot="action send"
              data-variant="primary"
              disabled={queue.waiting().length === 0 || queue.busy() !== null}
              onClick={() => queue.ask()}
            >
              {queue.busy() === "send" ? "Sending…" : "Send…"}
            </button>
          </div>
          <Show when={queue.waiting().length > 0}>
            <ol data-slot="queue">
              <For each={queue.waiting()}>
                {(reply) => (
                  <li data-slot="reply" data-message-id={reply.messageId} data-state={reply.state}>
                    <span data-slot="place">{replyPlace(reply)}</span>
                    <Show when={reply.answers?.url} fallback={<span data-slot="answers">{answersLine(reply)}</span>}>
                      {(url) => (
                        <a data-slot="answers" href={url()} target="_blank" rel="noreferrer">
                          {answersLine(reply)}
                        </a>
                      )}
                    </Show>
                    <Show when={reply.resolves}>
                      <span
                        data-slot="resolves"
                        title="The checked resolve accepted the agent's claim: Send resolves the forge thread too."
                      >
                        resolves the forge thread
                      </span>
                    </Show>
                    <p data-slot="body">{reply.body}</p>
                    <Show when={reply.state === "failed"}>
                      <span data-slot="refused" role="note">
                        Refused last time: {reply.error ?? "no reason given"}
                      </span>
                    </Show>
                  </li>
                )}
              </For>
            </ol>
          </Show>
          <Show when={queue.asking() && queue.status()}>
            {(status) => (
              <div
                data-slot="confirm"
                role="alertdialog"
                aria-label="Send the replies"
                onKeyDown={(e) => e.key === "Escape" && queue.cancel()}
              >
                <span data-slot="question">{sendQuestion(status())}</span>
                <button
                  type="button"
                  data-slot="action confirm-send"
                  data-variant="primary"
                  ref={confirmButton}
                  onClick={() => void queue.send()}
                >
                  Send
                </button>
                <button type="button" data-slot="action cancel-send" onClick={() => queue.cancel()}>
                  Cancel
                </button>
              </div>
            )}
          </Show>
          <Show when={queue.note()}>
            {(note) => (
              <div data-slot="note" data-kind={note().kind} role={note().kind === "failed" ? "alert" : "status"}>
                <span data-slot="text">{note().text}</span>
                <Show when={sentOf(note())}>
                  {(sent) => (
                    <ul data-slot="sent">
                      <For each={sent()}>
                        {(s) => (
                          <li>
                            {s.place}:{" "}
                            <Show when={s.url} fallback="posted">
                              {(url) => (
                                <a href={url()} target="_blank" rel="noreferrer">
                                  {url()}
                                </a>
                              )}
                            </Show>
                          </li>
                        )}
                      </For>
                    </ul>
                  )}
                </Show>
                <button type="button" data-slot="action dismiss-note" onClick={() => queue.dismissNote()}>
                  Close
                </button>
              </div>
            )}
          </Show>
          <Show when={queue.problem()}>
            {(problem) => (
              <span data-slot="problem" role="alert">
                {problem()}
              </span>
            )}
          </Show>
        </section>
      )}
    </Show>
  );
}
