// Which two states of the work the diff compares: base, a round, or the work tree.
import { createContext, createMemo, createSignal, useContext } from "solid-js";
import type { BranchCommit, ReviewClient, DiffRange, DiffViewName, Round } from "../review-client.js";
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

/** The views of `GET /api/diff` the picker offers beside the rounds, with their names in the picker. */
export const DIFF_VIEWS: readonly { readonly view: DiffViewName; readonly label: string }[] = [
  { view: "uncommitted", label: "Uncommitted" },
  { view: "staged", label: "Staged" },
  { view: "since-review", label: "Since my last review" },
];

/** The range that shows a view (its texts, threads and viewed marks read from the work tree). */
export const viewRange = (view: DiffViewName): DiffRange => ({ from: "base", to: "worktree", view });

/**
 * What the branch keeps as its pick (GET/POST /api/bases): `view:<view>`, or the range's start.
 * @example pickOf({ from: "base", to: "worktree", view: "staged" }) // "view:staged"
 */
export const pickOf = (range: DiffRange): string => (range.view === undefined ? range.from : `view:${range.view}`);

/**
 * The range a kept pick means: a view, or a branch base to the work tree; null for anything else.
 * @example rangeOfPick("view:uncommitted") // { from: "base", to: "worktree", view: "uncommitted" }
 */
export function rangeOfPick(pick: string): DiffRange | null {
  if (pick.startsWith("view:")) return viewRange(pick.slice("view:".length) as DiffViewName);
  if (pick.startsWith("branch:")) return { from: pick, to: "worktree" };
  return null;
}

const sameRange = (a: DiffRange, b: DiffRange): boolean =>
  a.from === b.from && a.to === b.to && a.view === b.view && a.ignoreWhitespace === b.ignoreWhitespace;

/**
 * What the diff shows, in words, for the header of either panel.
 * @example describeRange({ from: "base", to: "worktree", view: "uncommitted" }, label, []) // "Uncommitted changes (HEAD → work tree)"
 */
export function describeRange(
  range: DiffRange,
  label: (ref: string) => string,
  commits: readonly BranchCommit[],
): string {
  const whitespace = range.ignoreWhitespace ? ", whitespace ignored" : "";
  const words = (() => {
    if (range.view === "uncommitted") return "Uncommitted changes (HEAD → work tree)";
    if (range.view === "staged") return "Staged changes (HEAD → index)";
    if (range.view === "since-review") return "Changes since your last review";
    if (range.view?.startsWith("commit:")) {
      const sha = range.view.slice("commit:".length);
      const commit = commits.find((c) => c.sha.startsWith(sha));
      return `Commit ${sha.slice(0, 7)}${commit ? ` “${commit.subject}”` : ""}`;
    }
    if (range.from === "base" && range.to === "worktree") return "All changes (base → work tree)";
    if (range.from.startsWith("branch:")) return `Against ${label(range.from)} (→ ${label(range.to)})`;
    return `${label(range.from)} → ${label(range.to)}`;
  })();
  return `${words}${whitespace}`;
}

/**
 * The rounds slice: the list, the chosen range, and taking a new round.
 * @example const rounds = createRounds(api, notices); await rounds.load(); rounds.setRange({ from: "base", to: "worktree" })
 */
export function createRounds(client: ReviewClient, notices: Notices) {
  const [list, setList] = createSignal<readonly Round[]>([]);
  const [chosen, setRange] = createSignal<DiffRange>({ from: "base", to: "worktree" });
  const [ignoreWhitespace, setIgnoreWhitespace] = createSignal(false);
  // One object per diff chosen: the diff reads again only when what it shows changes.
  const range = createMemo(
    (): DiffRange => (ignoreWhitespace() ? { ...chosen(), ignoreWhitespace: true } : chosen()),
    undefined,
    { equals: sameRange },
  );
  const [taking, setTaking] = createSignal(false);

  const add = (round: Round) =>
    setList((l) => (l.some((r) => r.id === round.id) ? l : [...l, round].sort((a, b) => a.ordinal - b.ordinal)));

  return {
    list,
    range,
    setRange,
    /** Changes of whitespace alone left out of the diff (GitHub's ?w=1), whatever diff is picked. */
    ignoreWhitespace,
    setIgnoreWhitespace,
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
