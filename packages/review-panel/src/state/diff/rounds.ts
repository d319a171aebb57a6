// Which two states of the work the diff compares: base, a round, or the work tree.
import { createContext, createSignal, useContext } from "solid-js";
import type { ReviewClient, DiffRange, Round } from "../review-client.js";
import type { Notices } from "../conversation/notices.js";

export type Rounds = ReturnType<typeof createRounds>;

/** The comparisons people ask for most, named as they would say them. */
export type RangePreset = "all" | "since-last" | "round";

/**
 * The range a preset means with these rounds: everything, changes since the last round, or one round's own change.
 * @example rangeFor("since-last", rounds) // { from: "<last round id>", to: "worktree" }
 */
export function rangeFor(preset: RangePreset, rounds: readonly Round[]): DiffRange {
  const last = rounds[rounds.length - 1];
  if (preset === "since-last" && last) return { from: last.id, to: "worktree" };
  if (preset === "round" && last) return { from: rounds[rounds.length - 2]?.id ?? "base", to: last.id };
  return { from: "base", to: "worktree" };
}

/**
 * The rounds slice: the list, the chosen range, and taking a new round.
 * @example const rounds = createRounds(api, notices); await rounds.load(); rounds.setRange({ from: "base", to: "worktree" })
 */
export function createRounds(client: ReviewClient, notices: Notices) {
  const [list, setList] = createSignal<readonly Round[]>([]);
  const [range, setRange] = createSignal<DiffRange>({ from: "base", to: "worktree" });
  const [taking, setTaking] = createSignal(false);

  const add = (round: Round) =>
    setList((l) => (l.some((r) => r.id === round.id) ? l : [...l, round].sort((a, b) => a.ordinal - b.ordinal)));

  return {
    list,
    range,
    setRange,
    taking,
    add,
    label: (ref: string) => {
      if (ref === "base") return "base";
      if (ref === "worktree") return "work tree";
      if (ref.startsWith("branch:")) return ref.slice("branch:".length);
      const round = list().find((r) => r.id === ref);
      return round ? `round ${round.ordinal}` : ref;
    },
    load: async () => {
      const outcome = await client.rounds();
      if (outcome.ok) setList([...outcome.value.rounds].sort((a, b) => a.ordinal - b.ordinal));
      else notices.report(outcome.error);
    },
    take: async () => {
      setTaking(true);
      const outcome = await client.takeRound();
      setTaking(false);
      if (!outcome.ok) return (notices.report(outcome.error), null);
      add(outcome.value.round);
      return outcome.value.round;
    },
  };
}

export const RoundsContext = createContext<Rounds>();

/** The rounds slice of the enclosing panel. */
export function useRounds(): Rounds {
  const value = useContext(RoundsContext);
  if (!value) throw new Error("useRounds outside RoundsContext");
  return value;
}
