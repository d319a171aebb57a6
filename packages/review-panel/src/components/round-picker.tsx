import { For } from "solid-js";
import { useBranchBases } from "../state/diff/branch-bases.js";
import { DIFF_VIEWS, describeRange, rangeFor, useRounds, viewRange, type RangePreset } from "../state/diff/rounds.js";
import type { DiffViewName } from "../state/review-client.js";
import "./round-picker.css";

/**
 * Chooses which diff is shown, in one picker: every change, the rounds (base→round, round→round, round→work
 * tree), a parent branch, the uncommitted or staged part, since the person's last review, one commit; whether
 * whitespace counts; and takes a round. It says in words what is shown.
 * `state` only matters on phones, where the picker folds behind a header button; `onPicked` closes it after a preset.
 */
export function RoundPicker(props: { readonly state: "open" | "closed"; readonly onPicked: () => void }) {
  const rounds = useRounds();
  const bases = useBranchBases();
  const presets: { id: RangePreset; label: string }[] = [
    { id: "all", label: "All changes" },
    { id: "since-last", label: "Since last round" },
    { id: "round", label: "Last round only" },
  ];
  const isPreset = (id: RangePreset) => {
    const r = rangeFor(id, rounds.list());
    return rounds.range().view === undefined && r.from === rounds.range().from && r.to === rounds.range().to;
  };
  const pickView = (view: DiffViewName) => {
    rounds.setRange(viewRange(view));
    props.onPicked();
  };
  const shownCommit = () => (rounds.range().view?.startsWith("commit:") ? rounds.range().view : "");
  return (
    <div data-component="round-picker" data-state={props.state}>
      <span data-slot="shown" role="status" aria-label="Shown">
        {describeRange(rounds.range(), rounds.label, bases?.commits() ?? [])}
      </span>
      <div data-slot="presets" role="group" aria-label="Compare">
        <For each={presets}>
          {(p) => (
            <button
              type="button"
              data-slot="action"
              aria-pressed={isPreset(p.id)}
              onClick={() => {
                rounds.setRange(rangeFor(p.id, rounds.list()));
                props.onPicked();
              }}
            >
              {p.label}
            </button>
          )}
        </For>
        <For each={DIFF_VIEWS}>
          {(v) => (
            <button
              type="button"
              data-slot="action"
              data-view={v.view}
              aria-pressed={rounds.range().view === v.view}
              onClick={() => pickView(v.view)}
            >
              {v.label}
            </button>
          )}
        </For>
      </div>
      <label>
        commit{" "}
        <select
          aria-label="Commit"
          onChange={(e) => e.currentTarget.value && pickView(e.currentTarget.value as DiffViewName)}
        >
          <option value="" selected={shownCommit() === ""}>
            one commit…
          </option>
          <For each={bases?.commits() ?? []}>
            {(c) => (
              <option value={`commit:${c.sha}`} selected={shownCommit() === `commit:${c.sha}`}>
                {c.sha.slice(0, 7)} {c.subject}
              </option>
            )}
          </For>
        </select>
      </label>
      <label>
        from{" "}
        <select
          aria-label="From"
          onChange={(e) => rounds.setRange({ from: e.currentTarget.value, to: rounds.range().to })}
        >
          <option value="base" selected={rounds.range().view === undefined && rounds.range().from === "base"}>
            base
          </option>
          <For each={rounds.list()}>
            {(r) => (
              <option value={r.id} selected={rounds.range().view === undefined && rounds.range().from === r.id}>
                round {r.ordinal}
              </option>
            )}
          </For>
          <For each={bases?.branches() ?? []}>
            {(b, i) => (
              <option
                value={`branch:${b.name}`}
                selected={rounds.range().view === undefined && rounds.range().from === `branch:${b.name}`}
              >
                branch {b.name}
                {i() === 0 ? " (nearest parent)" : ""}
              </option>
            )}
          </For>
        </select>
      </label>
      <label>
        to{" "}
        <select
          aria-label="To"
          onChange={(e) => rounds.setRange({ from: rounds.range().from, to: e.currentTarget.value })}
        >
          <For each={rounds.list()}>
            {(r) => (
              <option value={r.id} selected={rounds.range().view === undefined && rounds.range().to === r.id}>
                round {r.ordinal}
              </option>
            )}
          </For>
          <option value="worktree" selected={rounds.range().to === "worktree"}>
            work tree
          </option>
        </select>
      </label>
      <label data-slot="whitespace" title="Leave out changes of whitespace alone (w)">
        <input
          type="checkbox"
          checked={rounds.ignoreWhitespace()}
          onChange={(e) => rounds.setIgnoreWhitespace(e.currentTarget.checked)}
        />{" "}
        Ignore whitespace
      </label>
      <button type="button" data-slot="action take" disabled={rounds.taking()} onClick={() => void rounds.take()}>
        Take round
      </button>
    </div>
  );
}
