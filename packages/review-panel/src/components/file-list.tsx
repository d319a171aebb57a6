import { createVirtualizer } from "@tanstack/solid-virtual";
import { createMemo, createSignal, For, Show } from "solid-js";
import { useDiff } from "../state/diff/diff.js";
import { fileTree, pathMatches } from "../state/diff/file-tree.js";
import { useFocus } from "../state/navigation/focus.js";
import { useThreads } from "../state/conversation/threads.js";
import "./file-list.css";

/**
 * The changed files by folder, with each file's added and deleted lines and open-thread counts, narrowed by a
 * filter box (a path substring); a drawer on phones. Virtualized like the diff.
 */
export function FileList(props: { readonly onOpen: (path: string) => void }) {
  const diff = useDiff();
  const threads = useThreads();
  const focus = useFocus();
  const [filter, setFilter] = createSignal("");
  const shown = createMemo(() => diff.files().filter((f) => pathMatches(f.path, filter())));
  const entries = createMemo(() => fileTree(shown(), threads.inRange()));
  let scroller!: HTMLDivElement;
  const virtualizer = createVirtualizer({
    get count() {
      return entries().length;
    },
    getScrollElement: () => scroller,
    estimateSize: () => 28,
    overscan: 8,
  });
  return (
    <nav data-component="file-list" data-state={focus.drawer() ? "open" : "closed"} aria-label="Changed files">
      <div data-slot="head">
        {diff.files().length} file{diff.files().length === 1 ? "" : "s"} changed
        <button
          type="button"
          data-slot="action close-drawer"
          data-variant="plain"
          onClick={() => focus.setDrawer(false)}
          hidden={!focus.drawer()}
        >
          Close
        </button>
      </div>
      <div data-slot="filter">
        <input
          type="search"
          data-slot="filter-input"
          placeholder="Filter files"
          aria-label="Filter files by path"
          value={filter()}
          onInput={(e) => setFilter(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Escape empties the box (and goes no further: it would close what the panel has open).
            if (e.key !== "Escape") return;
            e.preventDefault();
            e.stopPropagation();
            setFilter("");
          }}
        />
        <Show when={filter().trim() !== ""}>
          <span data-slot="filter-count" role="status">
            {shown().length} of {diff.files().length} file{diff.files().length === 1 ? "" : "s"}
          </span>
        </Show>
      </div>
      <Show when={filter().trim() !== "" && shown().length === 0}>
        <div data-slot="filter-empty">No file path contains “{filter().trim()}”.</div>
      </Show>
      <div data-slot="scroller" ref={scroller}>
        <div style={{ height: `${virtualizer.getTotalSize()}px`, position: "relative" }}>
          <For each={virtualizer.getVirtualItems()}>
            {(item) => {
              const entry = () => entries()[item.index];
              return (
                <div
                  style={{
                    position: "absolute",
                    top: "0",
                    left: "0",
                    width: "100%",
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <Show when={entry()} keyed>
                    {(value) => {
                      const indent = { "padding-left": `${10 + value.depth * 14}px` };
                      if (value.kind === "folder")
                        return (
                          <div data-slot="entry" data-kind="folder" style={indent} title={value.path}>
                            <span data-slot="name">{value.name}/</span>
                          </div>
                        );
                      return (
                        <button
                          type="button"
                          data-slot="entry"
                          data-kind="file"
                          data-path={value.path}
                          data-current={focus.file() === value.path ? "true" : "false"}
                          style={indent}
                          title={value.file.oldPath ? `${value.file.oldPath} → ${value.path}` : value.path}
                          onClick={() => props.onOpen(value.path)}
                        >
                          <span data-slot="status-dot" data-status={value.file.status} />
                          <span data-slot="name">{value.name}</span>
                          <span data-slot="lines" aria-label={`${value.adds} added, ${value.dels} deleted lines`}>
                            <span data-slot="adds">+{value.adds}</span>
                            <span data-slot="dels">−{value.dels}</span>
                          </span>
                          <Show when={value.unread}>
                            <span data-slot="unread-dot" aria-label="new reply" />
                          </Show>
                          <Show when={value.open > 0}>
                            <span
                              data-slot="count"
                              data-waiting={value.waiting ? "true" : "false"}
                              aria-label={`${value.open} open threads`}
                            >
                              {value.open}
                            </span>
                          </Show>
                        </button>
                      );
                    }}
                  </Show>
                </div>
              );
            }}
          </For>
        </div>
      </div>
    </nav>
  );
}
