import { For } from "solid-js";
import "./suggestion-diff.css";

/** A suggested change shown as a small diff: the range's lines as they read, then the replacement. */
export function SuggestionDiff(props: { readonly before: readonly string[]; readonly after: readonly string[] }) {
  return (
    <div data-component="suggestion-diff">
      <div data-slot="title">Suggested change</div>
      <For each={props.before}>
        {(line) => (
          <div data-slot="line" data-kind="del">
            {"- " + line}
          </div>
        )}
      </For>
      <For each={props.after}>
        {(line) => (
          <div data-slot="line" data-kind="add">
            {"+ " + line}
          </div>
        )}
      </For>
    </div>
  );
}
