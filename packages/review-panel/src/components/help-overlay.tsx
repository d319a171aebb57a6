import { For } from "solid-js";
import { helpLines } from "../state/navigation/review-keys.js";
import "./help-overlay.css";

/** The keyboard shortcuts, opened with `?`: the web panel's lines of the one key table (the terminal reads the same). */
export function HelpOverlay(props: { readonly onClose: () => void }) {
  return (
    <div
      data-component="help-overlay"
      role="dialog"
      aria-label="Keyboard shortcuts"
      onClick={(e) => e.target === e.currentTarget && props.onClose()}
    >
      <div data-slot="card">
        <h2>Keyboard shortcuts</h2>
        <dl>
          <For each={helpLines("web")}>
            {(s) => (
              <>
                <dt>{s.label}</dt>
                <dd>{s.does}</dd>
              </>
            )}
          </For>
        </dl>
        <p>Click a line number to comment; shift-click or drag for a range.</p>
        <button type="button" data-slot="action" onClick={() => props.onClose()}>
          Close
        </button>
      </div>
    </div>
  );
}
