/** @jsxImportSource @opentui/solid */
// The diff window: the screen lines of every file's diff in one scroll, threads inline, drawn only where
// they are on screen. It follows the cursor; a click moves the cursor to the row clicked.
import { createEffect, createMemo, createSignal, For, Index, Show } from "solid-js";
import type { Cursor } from "../../state/navigation/cursor.js";
import { topAfterMove } from "../../state/navigation/viewport.js";
import type { Layout } from "../screen-lines.js";
import type { ScreenLine } from "../screen-text.js";
import { syntaxTokens } from "../syntax-tokens.js";
import { bandColor, syntaxColor, toneColor, type Theme } from "./tone-colors.js";

/**
 * The window over the laid-out diff, `height` lines tall, or the line that says why there is no diff.
 * @example <DiffWindow screen={screen()} cursor={cursor} height={height()} empty={emptyLine(model)} problem={false} theme={theme()} />
 */
export function DiffWindow(props: {
  readonly screen: Layout;
  readonly cursor: Cursor;
  readonly height: number;
  /** Shown instead of the diff when set (loading, no changes, the model's problem). */
  readonly empty: string | null;
  /** The empty line is a problem: drawn as a warning. */
  readonly problem: boolean;
  readonly theme: Theme;
}) {
  const [top, setTop] = createSignal(0);
  // The window follows the cursor's row; a thread block taller than the screen shows from its top, and a
  // jump to a file's header (n, go to file) puts the header at the top.
  let before = -1;
  createEffect(() => {
    const s = props.screen;
    const index = props.cursor.index();
    const at = s.starts[index] ?? 0;
    const jumpedToFile = before !== -1 && Math.abs(index - before) > 1 && props.cursor.row()?.kind === "file";
    before = index;
    setTop((t) => topAfterMove({ top: t, cursor: at, height: props.height, total: s.total, jumpedToFile }));
  });
  const windowLines = createMemo(() => {
    const s = props.screen;
    const from = top();
    const out: { line: ScreenLine; owner: number; current: boolean; marked: boolean }[] = [];
    const mark = props.cursor.mark();
    const at = props.cursor.index();
    for (let i = from; i < Math.min(s.total, from + props.height); i++) {
      const owner = s.ownerOf(i);
      out.push({
        line: s.line(i),
        owner,
        current: owner === at,
        marked: mark !== null && owner >= Math.min(mark, at) && owner <= Math.max(mark, at),
      });
    }
    return out;
  });
  return (
    <box flexDirection="column" flexGrow={1}>
      <Show
        when={props.empty}
        fallback={
          <Index each={windowLines()}>
            {(entry) => (
              <text
                wrapMode="none"
                bg={bandColor(props.theme, entry().line.band, entry().current, entry().marked)}
                onMouseDown={() => props.cursor.go(entry().owner)}
              >
                <span style={{ fg: props.theme.primary }}>{entry().current ? "›" : entry().marked ? "▍" : " "}</span>
                <For each={entry().line.pieces}>
                  {(piece) =>
                    piece.code ? (
                      <For each={syntaxTokens(piece.text)}>
                        {(token) => (
                          <span
                            style={{
                              fg: syntaxColor(props.theme, token.tone, piece.tone),
                              bold: piece.word === true,
                              underline: piece.word === true,
                            }}
                          >
                            {token.text}
                          </span>
                        )}
                      </For>
                    ) : (
                      // A span takes its attributes as style flags (OpenTUI's createTextAttributes), not as a bit mask.
                      <span
                        style={{
                          fg: toneColor(props.theme, piece.tone),
                          bold: piece.bold === true,
                          italic: piece.italic === true,
                          strikethrough: piece.strike === true,
                        }}
                      >
                        {piece.text}
                      </span>
                    )
                  }
                </For>
              </text>
            )}
          </Index>
        }
      >
        <text fg={props.problem ? props.theme.warning : props.theme.textMuted}>{props.empty}</text>
      </Show>
    </box>
  );
}
