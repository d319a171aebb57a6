/** @jsxImportSource @opentui/solid */
// The box the keys (`?`) and the past reviews (`h`) open in, over the diff under the header; what it
// lists and how far it is scrolled is list-overlay.ts's.
import { For, Show } from "solid-js";
import type { ListOverlay } from "../list-overlay.js";
import type { Theme } from "./tone-colors.js";

/**
 * The open list at screen row `top`, with a line saying j / k scroll when it holds more than it shows.
 * @example <Show when={list.shown()}><ListOverlayBox list={list} top={overlayTop()} theme={theme()} /></Show>
 */
export function ListOverlayBox(props: { readonly list: ListOverlay; readonly top: number; readonly theme: Theme }) {
  return (
    <box
      position="absolute"
      top={props.top}
      left={2}
      width={props.list.width()}
      border
      borderColor={props.theme.borderActive}
      backgroundColor={props.theme.backgroundPanel}
      flexDirection="column"
      title={props.list.title()}
      height={props.list.height()}
    >
      <For each={props.list.visible()}>
        {(line) => (
          <text wrapMode="none" fg={props.theme.text}>
            {line}
          </text>
        )}
      </For>
      <Show when={props.list.scrolls()}>
        <text wrapMode="none" fg={props.theme.textMuted}>
          j / k scroll this list
        </text>
      </Show>
    </box>
  );
}
