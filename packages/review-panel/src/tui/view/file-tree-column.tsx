/** @jsxImportSource @opentui/solid */
// The file tree beside the diff (or behind `b` on a narrow screen): folders, files with their open
// threads and an unread mark, the cursor's file picked out; a click goes to the file.
import { createMemo, For } from "solid-js";
import type { TreeEntry } from "../../state/diff/file-tree.js";
import { wrapWords } from "../wrap-words.js";
import type { Theme } from "./tone-colors.js";

/** The tree column's width, border included. */
export const TREE_WIDTH = 34;

/**
 * The tree's entries as lines within its column: a long name wraps under itself, indented past its folder.
 * @example <FileTreeColumn tree={tree()} height={height()} current={fileHere()} theme={theme()} go={goToFileRow} />
 */
export function FileTreeColumn(props: {
  readonly tree: readonly TreeEntry[];
  readonly height: number;
  /** The file the cursor is in, or null. */
  readonly current: string | null;
  readonly theme: Theme;
  readonly go: (path: string) => void;
}) {
  const lines = createMemo(() =>
    props.tree.flatMap((entry) => {
      const name =
        entry.kind === "folder"
          ? `${entry.name}/`
          : `${entry.name}${entry.open > 0 ? ` (${entry.open})` : ""}${entry.unread ? " ●" : ""}`;
      const indent = "  ".repeat(entry.depth);
      return wrapWords(`${indent}${name}`, TREE_WIDTH - 2, indent.length + 2).map((text) => ({ entry, text }));
    }),
  );
  return (
    <box flexDirection="column" width={TREE_WIDTH} border={["right"]} borderColor={props.theme.border}>
      <For each={lines().slice(0, Math.max(1, props.height))}>
        {({ entry, text }) => (
          <text
            wrapMode="none"
            onMouseDown={() => props.go(entry.path)}
            fg={
              entry.kind === "folder"
                ? props.theme.textMuted
                : props.current === entry.path
                  ? props.theme.primary
                  : props.theme.text
            }
          >
            {text}
          </text>
        )}
      </For>
    </box>
  );
}
