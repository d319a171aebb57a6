import { describePlace } from "@opencode-review/core";
import { createResource, For, Show } from "solid-js";
import { useApi } from "../state/api-context.js";
import { stepPlace, useTour, type StepPlace } from "../state/tour/tour.js";
import "./tour-bar.css";

/** The most lines of a step the card shows beside its text; the diff below shows the rest. */
const SHOWN_LINES = 14;

const placeWords = (place: StepPlace): string =>
  place.gone
    ? `${place.file}: these lines are gone`
    : describePlace({ file: place.file, side: "new", start: place.start, end: place.end }, { for: "web" });

/**
 * The agent's tour in a bar under the diff: closed, what it holds and a button to walk it; walking, "Step 3 of 9"
 * with the step's lines beside its text, previous and next, a comment on the step (an ordinary thread on
 * those lines), and the hunks no step explains. `onShow` brings a place into the diff below.
 */
export function TourBar(props: {
  readonly onShow: (place: StepPlace) => void;
  readonly onComment: (place: StepPlace) => void;
}) {
  const api = useApi();
  const tour = useTour();
  const step = () => tour.step();
  const place = () => {
    const s = step();
    return s === undefined ? undefined : stepPlace(s);
  };
  // The step's lines as the file reads now, for the card; refetched when the step or where it is changes.
  const [code] = createResource(
    () => {
      const p = place();
      return tour.active() && p && !p.gone ? { ...p, id: tour.tour()?.id } : undefined;
    },
    async (p) => {
      const answer = await api.file(p.file, "worktree");
      if (!answer.ok) return [];
      const lines = answer.value.text.split("\n");
      const start = p.start ?? 1;
      const end = Math.min(p.end ?? lines.length, start + SHOWN_LINES - 1);
      return lines.slice(start - 1, end).map((text, i) => ({ number: start + i, text }));
    },
  );
  const uncovered = () => tour.tour()?.uncovered ?? [];
  const go = (move: () => void) => {
    move();
    const p = place();
    if (p) props.onShow(p);
  };

  return (
    <Show when={tour.tour()}>
      {(current) => (
        <section
          data-component="tour-bar"
          data-state={tour.active() ? "walking" : "closed"}
          aria-label="The agent's tour"
        >
          <div data-slot="head">
            <strong data-slot="name">{current().title ?? "The agent's tour"}</strong>
            <Show
              when={tour.active()}
              fallback={
                <>
                  <span data-slot="count">
                    {current().steps.length === 1 ? "1 step" : `${current().steps.length} steps`}
                  </span>
                  <button
                    type="button"
                    data-slot="action start"
                    title="Walk the tour (w)"
                    onClick={() => go(tour.start)}
                  >
                    Walk the tour
                  </button>
                </>
              }
            >
              <span data-slot="position" role="status">
                {tour.label()}
              </span>
              <button
                type="button"
                data-slot="action prev"
                title="Previous step (W)"
                disabled={tour.index() === 0}
                onClick={() => go(tour.prev)}
              >
                ← Previous
              </button>
              <button
                type="button"
                data-slot="action next"
                title="Next step (w)"
                disabled={tour.index() >= tour.count() - 1}
                onClick={() => go(tour.next)}
              >
                Next →
              </button>
              <button type="button" data-slot="action stop" title="Close the tour (Esc)" onClick={() => tour.stop()}>
                Close
              </button>
            </Show>
            <Show when={uncovered().length > 0}>
              <span data-slot="uncovered-count" data-state="warn">
                {uncovered().length === 1 ? "1 hunk" : `${uncovered().length} hunks`} not explained
              </span>
            </Show>
          </div>
          <Show when={tour.active() && place()}>
            {(p) => (
              <div data-slot="step" data-state={p().gone ? "gone" : "here"}>
                <div data-slot="code">
                  <button type="button" data-slot="place" onClick={() => props.onShow(p())}>
                    {placeWords(p())}
                  </button>
                  <Show
                    when={!p().gone}
                    fallback={
                      <p data-slot="gone">The agent's lines are no longer in the file (changed since the tour).</p>
                    }
                  >
                    <pre>
                      <For each={code() ?? []}>
                        {(line) => (
                          <div data-slot="line">
                            <span data-slot="number">{line.number}</span>
                            <span data-slot="text">{line.text}</span>
                          </div>
                        )}
                      </For>
                    </pre>
                  </Show>
                </div>
                <div data-slot="why">
                  <p data-slot="text">{step()?.text}</p>
                  <Show when={!p().gone}>
                    <button type="button" data-slot="action comment" onClick={() => props.onComment(p())}>
                      Comment on this step
                    </button>
                  </Show>
                </div>
              </div>
            )}
          </Show>
          <Show when={tour.active() && uncovered().length > 0}>
            <details data-slot="uncovered">
              <summary>Changes no step explains ({uncovered().length})</summary>
              <ul>
                <For each={uncovered()}>
                  {(hunk) => (
                    <li>
                      <button
                        type="button"
                        onClick={() => props.onShow({ file: hunk.file, start: hunk.start, end: hunk.end, gone: false })}
                      >
                        {describePlace(
                          { file: hunk.file, side: "new", start: hunk.start, end: hunk.end },
                          { for: "web" },
                        )}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </details>
          </Show>
        </section>
      )}
    </Show>
  );
}
