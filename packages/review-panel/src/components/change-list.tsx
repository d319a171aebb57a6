import { For, Show } from "solid-js";
import { changePlace, useChanges } from "../state/diff/changes.js";
import "./change-list.css";

/** The person's changes from the review (undos, applied suggestions), newest first, each with Restore. */
export function ChangeList() {
  const changes = useChanges();
  return (
    <section data-component="change-list" aria-label="Your changes">
      <Show
        when={changes.list().length > 0}
        fallback={<p data-slot="empty">No undo or applied suggestion on this branch yet.</p>}
      >
        <ol>
          <For each={changes.list()}>
            {(change) => (
              <li data-change-id={change.id} data-state={change.restoredAt ? "restored" : "applied"}>
                <span data-slot="kind">{change.kind === "undo" ? "Undid" : "Applied a suggestion to"}</span>{" "}
                <span data-slot="place">{changePlace(change)}</span>{" "}
                <time datetime={change.at}>{new Date(change.at).toLocaleString()}</time>
                <Show when={change.restoredAt === null} fallback={<span data-slot="restored">restored</span>}>
                  <button
                    type="button"
                    data-slot="action restore"
                    disabled={changes.busy()}
                    onClick={() => void changes.restore(change.id)}
                  >
                    Restore
                  </button>
                </Show>
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  );
}
