import { createMemo, createSignal, For, onMount, Show } from "solid-js";
import { findFiles } from "../state/diff/file-finder.js";
import "./file-finder.css";

/** The go-to-file box opened with `t`: type part of a path, arrows to choose, Enter to jump, Escape to close. */
export function FileFinder(props: {
  readonly paths: readonly string[];
  readonly onOpen: (path: string) => void;
  readonly onClose: () => void;
}) {
  const [query, setQuery] = createSignal("");
  const [chosen, setChosen] = createSignal(0);
  const found = createMemo(() => findFiles(props.paths, query()));
  let input!: HTMLInputElement;
  onMount(() => input.focus());
  const open = (path: string | undefined) => {
    if (path === undefined) return;
    props.onClose();
    props.onOpen(path);
  };
  const move = (by: 1 | -1) => {
    const count = found().length;
    if (count > 0) setChosen((chosen() + by + count) % count);
  };
  return (
    <div
      data-component="file-finder"
      role="dialog"
      aria-label="Go to file"
      onClick={(e) => e.target === e.currentTarget && props.onClose()}
    >
      <div data-slot="card">
        <input
          ref={input}
          data-slot="query"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls="file-finder-list"
          aria-label="Go to file"
          placeholder="Go to file"
          autocomplete="off"
          spellcheck={false}
          value={query()}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
            setChosen(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || (e.key === "n" && e.ctrlKey)) move(1);
            else if (e.key === "ArrowUp" || (e.key === "p" && e.ctrlKey)) move(-1);
            else if (e.key === "Enter") open(found()[chosen()]?.path);
            else if (e.key === "Escape") props.onClose();
            else return;
            e.preventDefault();
            e.stopPropagation();
          }}
        />
        <ul data-slot="list" id="file-finder-list" role="listbox">
          <For each={found()}>
            {(file, i) => (
              <li
                role="option"
                data-slot="option"
                data-path={file.path}
                aria-selected={i() === chosen()}
                onMouseMove={() => setChosen(i())}
                onClick={() => open(file.path)}
              >
                <For each={file.pieces}>{(piece) => (piece.matched ? <mark>{piece.text}</mark> : piece.text)}</For>
              </li>
            )}
          </For>
        </ul>
        <Show when={found().length === 0}>
          <div data-slot="empty">No file matches “{query()}”.</div>
        </Show>
      </div>
    </div>
  );
}
