/** @jsxImportSource @opentui/solid */
// A block of lines already wrapped to the screen, in one colour: the header, the notices, the
// confirmation and the status line are each one.
import { TextAttributes, type RGBA } from "@opentui/core";
import { For } from "solid-js";

/**
 * Draws each line as it is (never wrapped again by the renderer), in `fg`, bold when asked.
 * @example <TextLines lines={statusLines()} fg={theme().textMuted} />
 */
export function TextLines(props: { readonly lines: readonly string[]; readonly fg: RGBA; readonly bold?: boolean }) {
  return (
    <For each={props.lines}>
      {(line) => (
        <text wrapMode="none" fg={props.fg} attributes={props.bold ? TextAttributes.BOLD : TextAttributes.NONE}>
          {line}
        </text>
      )}
    </For>
  );
}
