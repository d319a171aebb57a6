import { createSignal, For, onCleanup, onMount, Show } from "solid-js";
import { useApi } from "../state/api-context.js";
import {
  branchStatus,
  hashOf,
  sortBranches,
  withBranch,
  type BranchAddress,
  type BranchInfo,
} from "../state/branches/branches.js";
import "./branch-switcher.css";

/** Opens a branch's review, or a comparison, in place: the address says which, and the page follows it. */
function go(address: BranchAddress): void {
  window.location.hash = hashOf(address);
}

/**
 * The branch in the header, and behind it every branch of the repository: what waits where, each branch's
 * agents and change, kept live by the `branch` events; a click opens that branch's review in place, and two
 * picked branches open their comparison.
 * @example <BranchSwitcher current={health()?.branch ?? ""} />
 */
export function BranchSwitcher(props: { readonly current: string }) {
  const api = useApi();
  const [open, setOpen] = createSignal(false);
  const [list, setList] = createSignal<BranchInfo[]>([]);
  const [note, setNote] = createSignal<string | null>(null);
  const [a, setA] = createSignal("");
  const [b, setB] = createSignal("");
  onMount(() => {
    void api.branches().then((answer) => {
      if (!answer.ok) return;
      setList(sortBranches(answer.value.branches));
      const watch = (answer.value as { watch?: { note?: string | null } }).watch;
      setNote(watch?.note ?? null);
    });
    const stop = api.events((event) => {
      if (event.type === "branch") setList((now) => withBranch(now, event.branch));
    });
    onCleanup(stop);
  });
  const elsewhere = () =>
    list()
      .filter((x) => x.branch !== props.current)
      .reduce((n, x) => n + x.waiting.onYou, 0);
  const others = () => list().filter((x) => x.branch !== props.current);
  const tail = (path: string | null) => (path === null ? "" : (path.split("/").pop() ?? path));
  return (
    <span data-component="branch-switcher">
      <button
        type="button"
        data-slot="current"
        aria-haspopup="dialog"
        aria-expanded={open()}
        title="Every branch and work tree of the repository"
        onClick={() => setOpen(!open())}
      >
        {props.current || "…"} ▾
        <Show when={elsewhere() > 0}>
          <span data-slot="elsewhere">{elsewhere()} waiting elsewhere</span>
        </Show>
      </button>
      <Show when={open()}>
        <div data-slot="menu" role="dialog" aria-label="Branches">
          <ul>
            <For each={list()}>
              {(x) => (
                <li>
                  <button
                    type="button"
                    data-slot="branch"
                    data-branch={x.branch}
                    data-current={x.branch === props.current ? "true" : "false"}
                    data-waiting={x.waiting.onYou > 0 ? "true" : "false"}
                    onClick={() => {
                      setOpen(false);
                      go({ kind: "branch", branch: x.branch });
                    }}
                  >
                    <span data-slot="name">
                      <Show when={x.agents.some((g) => g.live)}>
                        <span data-slot="live" title="An agent is working there now" />
                      </Show>
                      {x.branch}
                      <small>{tail(x.worktree)}</small>
                    </span>
                    <span data-slot="status">{branchStatus(x)}</span>
                  </button>
                </li>
              )}
            </For>
          </ul>
          <Show when={note()}>
            <p data-slot="note">{note()}</p>
          </Show>
          <form
            data-slot="compare"
            onSubmit={(event) => {
              event.preventDefault();
              const from = a() || props.current;
              const to = b() || others()[0]?.branch || "";
              if (from === "" || to === "" || from === to) return;
              setOpen(false);
              go({ kind: "compare", a: from, b: to });
            }}
          >
            <span>Compare</span>
            <select
              aria-label="Compare from"
              value={a() || props.current}
              onChange={(e) => setA(e.currentTarget.value)}
            >
              <For each={list()}>{(x) => <option value={x.branch}>{x.branch}</option>}</For>
            </select>
            <span>with</span>
            <select
              aria-label="Compare with"
              value={b() || others()[0]?.branch || ""}
              onChange={(e) => setB(e.currentTarget.value)}
            >
              <For each={list()}>{(x) => <option value={x.branch}>{x.branch}</option>}</For>
            </select>
            <button type="submit">Compare</button>
          </form>
        </div>
      </Show>
    </span>
  );
}
