/** @jsxImportSource @opentui/solid */
// The route's screen when there is no review to show: still opening, no repository, or the view failed.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { onCleanup } from "solid-js";

const UNAVAILABLE_MODE = "opencode-review.unavailable";

/**
 * Says why in one line; q or Escape goes back.
 * @example <ReviewUnavailable api={api} text="Opening the review…" close={close} />
 */
export function ReviewUnavailable(props: {
  readonly api: TuiPluginApi;
  readonly text: string;
  readonly close: () => void;
}) {
  // The keys belong to this screen only: released with the route.
  const pop = props.api.mode.push(UNAVAILABLE_MODE);
  const off = props.api.keymap.registerLayer({
    mode: UNAVAILABLE_MODE,
    bindings: ["q", "escape"].map((key) => ({ key, cmd: () => props.close(), desc: "Close" })),
  });
  onCleanup(() => {
    off();
    pop();
  });
  return (
    <box flexDirection="column" padding={1}>
      <text fg={props.api.theme.current.warning}>{`Review: ${props.text}`}</text>
      <text fg={props.api.theme.current.textMuted}>q or Escape goes back.</text>
    </box>
  );
}
