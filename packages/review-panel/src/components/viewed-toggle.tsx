import { Show } from "solid-js";
import { useViewed } from "../state/diff/viewed.js";
import "./viewed-toggle.css";

/** The "Viewed" box on a file's header; "Changed since viewed" when the agent changed the file after. */
export function ViewedToggle(props: { readonly path: string }) {
  const viewed = useViewed();
  return (
    <span data-component="viewed-toggle" data-state={viewed.state(props.path)}>
      <Show when={viewed.state(props.path) === "changed"}>
        <span data-slot="badge" data-tone="warn">
          Changed since viewed
        </span>
      </Show>
      <label>
        <input
          type="checkbox"
          checked={viewed.state(props.path) === "viewed"}
          onChange={() => void viewed.toggle(props.path)}
        />
        Viewed
      </label>
    </span>
  );
}

/** "3 of 8 viewed" and a button to the next file not viewed yet. */
export function ViewedProgress(props: { readonly current: string | null; readonly onOpen: (path: string) => void }) {
  const viewed = useViewed();
  const next = () => viewed.nextUnviewed(props.current);
  return (
    <span data-component="viewed-progress">
      <span data-slot="count" aria-live="polite">
        {viewed.count()} of {viewed.total()} viewed
      </span>
      <span data-slot="short-count" aria-hidden="true">
        {viewed.count()}/{viewed.total()} ✓
      </span>
      <button
        type="button"
        data-slot="action next-unviewed"
        disabled={next() === null}
        onClick={() => next() !== null && props.onOpen(next()!)}
      >
        Next unviewed
      </button>
    </span>
  );
}
