import { For, Show } from "solid-js";
import { findingOf } from "../api.js";
import { SEVERITY_ORDER, useReviewer, type SeverityFilter } from "../state/conversation/reviewer.js";
import { useThreads } from "../state/conversation/threads.js";
import "./reviewer-bar.css";

const STATUS_WORDS = {
  pending: "Starting the review…",
  running: "The reviewer is reading the change…",
  completed: "Review done",
  failed: "The review failed",
  cancelled: "The review was cancelled",
} as const;

/**
 * The AI review pass: the model to use, "Review with AI", the run's status while it goes (with cancel),
 * why it failed, and the last released review's verdict and summary, with a filter of its findings by severity.
 */
export function ReviewerBar() {
  const reviewer = useReviewer();
  const threads = useThreads();
  const openFindings = () => threads.list().filter((t) => findingOf(t)?.status === "open");
  const count = (severity: string) => openFindings().filter((t) => findingOf(t)!.severity === severity).length;
  // A panel with no opencode behind it, no runs and no findings has nothing to show here: the diff keeps the room.
  const shown = () =>
    reviewer.models()?.available === true ||
    reviewer.runs().length > 0 ||
    threads.list().some((t) => findingOf(t) !== null);
  return (
    <Show when={shown()}>
      <section data-component="reviewer-bar" data-state={reviewer.latest()?.status ?? "none"}>
        <Show
          when={reviewer.models()?.available !== false}
          fallback={<span data-slot="status">AI review needs the panel of the opencode plugin.</span>}
        >
          <label data-slot="model">
            <span>Model</span>
            <select
              value={reviewer.model()}
              onChange={(e) => reviewer.setModel(e.currentTarget.value)}
              disabled={reviewer.live()}
            >
              <Show when={reviewer.model() !== "" && !(reviewer.models()?.models ?? []).includes(reviewer.model())}>
                <option value={reviewer.model()}>{reviewer.model()}</option>
              </Show>
              <For each={reviewer.models()?.models ?? []}>{(m) => <option value={m}>{m}</option>}</For>
            </select>
          </label>
          <Show
            when={reviewer.live()}
            fallback={
              <button
                type="button"
                data-slot="action start-run"
                data-variant="primary"
                disabled={reviewer.starting()}
                onClick={() => void reviewer.start()}
              >
                {reviewer.starting() ? "Starting…" : "Review with AI"}
              </button>
            }
          >
            <button
              type="button"
              data-slot="action cancel-run"
              data-variant="danger"
              onClick={() => void reviewer.cancel(reviewer.latest()!.id)}
            >
              Cancel review
            </button>
          </Show>
        </Show>
        <Show when={reviewer.latest()}>
          {(run) => (
            <span data-slot="status" data-status={run().status} role="status">
              {STATUS_WORDS[run().status]}
              <Show when={run().status === "failed" || (run().status === "cancelled" && run().error)}>
                : {run().error}
              </Show>
              <Show when={run().status === "completed"}>
                {" "}
                ({run().findings} finding{run().findings === 1 ? "" : "s"})
              </Show>
            </span>
          )}
        </Show>
        <Show when={reviewer.latestReleased()}>
          {(run) => (
            <p data-slot="summary">
              <span data-slot="verdict" data-verdict={run().verdict}>
                {run().verdict === "approve"
                  ? "Approve"
                  : run().verdict === "changes"
                    ? "Changes requested"
                    : "Comment"}
              </span>{" "}
              {run().summary}
            </p>
          )}
        </Show>
        <Show when={threads.list().some((t) => findingOf(t) !== null)}>
          <label data-slot="severity-filter">
            <span>Findings</span>
            <select
              value={reviewer.severity()}
              onChange={(e) => reviewer.setSeverity(e.currentTarget.value as SeverityFilter)}
            >
              <option value="all">All severities ({openFindings().length} open)</option>
              <For each={SEVERITY_ORDER}>
                {(s) => (
                  <option value={s}>
                    {s} ({count(s)} open)
                  </option>
                )}
              </For>
            </select>
          </label>
        </Show>
      </section>
    </Show>
  );
}
