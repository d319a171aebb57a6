/** @jsxImportSource @opentui/solid */
// Go to file in the terminal, as the web panel's `t` (GitHub's): an overlay where typing filters the
// changed files (the shared fuzzy finder, fuzzysort), ↑/↓ pick one and Enter jumps to it.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { InputRenderable } from "@opentui/core";
import { createMemo, createSignal, For, onCleanup, Show } from "solid-js";
import { findFiles } from "../state/diff/file-finder.js";
import { terminalSafe } from "./markdown-lines.js";

const FINDER_MODE = "opencode-review.finder";

export interface FileFinderOverlayProps {
  readonly api: TuiPluginApi;
  readonly paths: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly pick: (path: string) => void;
  readonly close: () => void;
}

/**
 * The finder over the diff; it holds the keys while it is open (its own mode) and gives them back when it goes.
 * @example <Show when={finding()}><FileFinderOverlay api={api} paths={paths} width={80} height={24} pick={go} close={() => setFinding(false)} /></Show>
 */
export function FileFinderOverlay(props: FileFinderOverlayProps) {
  const theme = () => props.api.theme.current;
  const [query, setQuery] = createSignal("");
  const [selected, setSelected] = createSignal(0);
  const found = createMemo(() => findFiles(props.paths, query()));
  const rows = () => Math.max(1, Math.min(found().length, props.height - 6));
  // The list scrolls so the picked file stays in it.
  const first = () => Math.max(0, Math.min(selected() - rows() + 1, found().length - rows()));
  const move = (by: number) => setSelected((i) => Math.max(0, Math.min(found().length - 1, i + by)));
  const choose = () => {
    const file = found()[selected()];
    if (file) props.pick(file.path);
  };

  const pop = props.api.mode.push(FINDER_MODE);
  const off = props.api.keymap.registerLayer({
    mode: FINDER_MODE,
    bindings: [
      { key: "escape", cmd: () => props.close(), desc: "Close go to file" },
      { key: "return", cmd: choose, desc: "Go to the file" },
      ...["down", "ctrl+n"].map((key) => ({ key, cmd: () => move(1), desc: "Next file" })),
      ...["up", "ctrl+p"].map((key) => ({ key, cmd: () => move(-1), desc: "Previous file" })),
    ],
  });
  onCleanup(() => {
    off();
    pop();
  });

  const width = () => Math.max(20, Math.min(90, props.width - 4));
  return (
    <box
      position="absolute"
      top={2}
      left={2}
      width={width()}
      height={rows() + 4}
      border
      borderColor={theme().borderActive}
      backgroundColor={theme().backgroundPanel}
      flexDirection="column"
      title="Go to file · Enter jumps · ↑/↓ pick · Escape closes"
    >
      <input
        ref={(r: InputRenderable) => queueMicrotask(() => r.focus())}
        focused
        placeholder="Type part of a path"
        onInput={(value: string) => {
          setQuery(value);
          setSelected(0);
        }}
        onSubmit={choose}
        textColor={theme().text}
        focusedTextColor={theme().text}
      />
      <Show
        when={found().length > 0}
        fallback={<text fg={theme().textMuted}>{`No file matches "${terminalSafe(query())}".`}</text>}
      >
        <For each={found().slice(first(), first() + rows())}>
          {(file, i) => (
            <text wrapMode="none" bg={first() + i() === selected() ? theme().backgroundElement : undefined}>
              <span style={{ fg: theme().primary }}>{first() + i() === selected() ? "› " : "  "}</span>
              <For each={file.pieces}>
                {(piece) => (
                  <span style={piece.matched ? { fg: theme().accent, bold: true } : { fg: theme().text }}>
                    {terminalSafe(piece.text)}
                  </span>
                )}
              </For>
            </text>
          )}
        </For>
      </Show>
      <text
        wrapMode="none"
        fg={theme().textMuted}
      >{`${found().length === 50 ? "50+" : found().length} of ${props.paths.length} files`}</text>
    </box>
  );
}
