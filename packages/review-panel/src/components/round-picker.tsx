import { For } from "solid-js";
import { useBranchBases } from "../state/diff/branch-bases.js";
import { rangeFor, useRounds, type RangePreset } from "../state/diff/rounds.js";
import "./round-picker.css";

/**
 * Chooses what the diff compares: base→round, round→round, round→work tree; and takes a round.
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
    return r.from === rounds.range().from && r.to === rounds.range().to;
  };
  return (
    <div data-component="round-picker" data-state={props.state}>
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
      </div>
      <label>
        from{" "}
        <select
          aria-label="From"
          onChange={(e) => rounds.setRange({ from: e.currentTarget.value, to: rounds.range().to })}
        >
          <option value="base" selected={rounds.range().from === "base"}>
            base
          </option>
          <For each={rounds.list()}>
            {(r) => (
              <option value={r.id} selected={rounds.range().from === r.id}>
                round {r.ordinal}
              </option>
            )}
          </For>
          <For each={bases?.branches() ?? []}>
            {(b, i) => (
              <option value={`branch:${b.name}`} selected={rounds.range().from === `branch:${b.name}`}>
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
              <option value={r.id} selected={rounds.range().to === r.id}>
                round {r.ordinal}
              </option>
            )}
          </For>
          <option value="worktree" selected={rounds.range().to === "worktree"}>
            work tree
          </option>
        </select>
      </label>
      <button type="button" data-slot="action take" disabled={rounds.taking()} onClick={() => void rounds.take()}>
        Take round
      </button>
    </div>
  );
}
