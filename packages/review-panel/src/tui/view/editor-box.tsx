/** @jsxImportSource @opentui/solid */
// The editor's box under the diff: its title names what it writes, the hint its keys, and three lines to
// type in. What is typed is handed back as it changes; what saving does is review-editing.ts's.
import type { TextareaRenderable } from "@opentui/core";
import { For } from "solid-js";
import type { Editing } from "../kept-editor-text.js";
import { editorTitle } from "../review-editing.js";
import type { Theme } from "./tone-colors.js";

/** Rows the box takes besides its hint: the border's two and the three to type in. */
export const EDITOR_ROWS = 5;

/**
 * The open editor: Enter submits, ctrl+j breaks the line; `bind` gets the text area so its words can be read.
 * @example <EditorBox editing={e()} hint={hintLines()} height={editorHeight()} theme={theme()} bind={(r) => (box = r)} submit={save} changed={keep} />
 */
export function EditorBox(props: {
  readonly editing: Editing;
  readonly hint: readonly string[];
  readonly height: number;
  readonly theme: Theme;
  readonly bind: (area: TextareaRenderable) => void;
  readonly isBound: (area: TextareaRenderable) => boolean;
  readonly submit: () => void;
  readonly changed: () => void;
}) {
  return (
    <box
      border
      borderColor={props.theme.borderActive}
      height={props.height}
      flexDirection="column"
      title={editorTitle(props.editing)}
    >
      <For each={props.hint}>
        {(line) => (
          <text wrapMode="none" fg={props.theme.textMuted}>
            {line}
          </text>
        )}
      </For>
      <textarea
        ref={(r: TextareaRenderable) => {
          props.bind(r);
          // Editing a draft goes on from the end of its words, not before them.
          queueMicrotask(() => {
            if (props.isBound(r)) r.gotoBufferEnd();
          });
        }}
        focused
        initialValue={props.editing.initial}
        keyBindings={[
          { name: "return", action: "submit" },
          { name: "j", ctrl: true, action: "newline" },
        ]}
        onSubmit={props.submit}
        onContentChange={props.changed}
        textColor={props.theme.text}
        focusedTextColor={props.theme.text}
      />
    </box>
  );
}
