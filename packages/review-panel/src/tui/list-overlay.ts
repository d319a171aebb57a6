// The list over the diff: the keys (`?`), the past reviews (`h`), the changes (`H`), wrapped to the box and
// scrolled with j and k; or every branch (`B`), where j and k move the pick and Enter opens it. No renderer
// here: the view draws `visible()` in a box `width()` wide and `height()` tall.
import { createSignal } from "solid-js";
import type { Change, PastReview } from "../state/review-client.js";
import { branchStatus, sortBranches, type BranchInfo } from "../state/branches/branches.js";
import { changePlace } from "../state/diff/changes.js";
import { pastReviewLines } from "../state/conversation/past-review-text.js";
import { terminalSafe } from "./markdown-lines.js";
import { wrapWords } from "./wrap-words.js";

export type ListOverlay = ReturnType<typeof createListOverlay>;

/**
 * Which list is shown (null: none), its lines wrapped to the screen, and where it is scrolled to.
 * @example const list = createListOverlay({ reviews, keyHelp: () => keys.help, screen: dims, top: () => 3 }); list.open("keys")
 */
export function createListOverlay(input: {
  readonly reviews: () => readonly PastReview[];
  /** The person's changes from the review, newest first (`H`). */
  readonly changes?: () => readonly Change[];
  readonly keyHelp: () => readonly string[];
  readonly screen: () => { readonly width: number; readonly height: number };
  /** The screen row the box opens at: under the header and its notice lines. */
  readonly top: () => number;
  /** The branch whose review is open now (marked in the branch list). */
  readonly branch?: () => string;
  /** Enter on a branch of the list: open its review. */
  readonly openBranch?: (branch: BranchInfo) => void;
}) {
  const [shown, setShown] = createSignal<"keys" | "past" | "changes" | "branches" | null>(null);
  const [scroll, setScroll] = createSignal(0);
  const [branches, setBranches] = createSignal<readonly BranchInfo[]>([]);
  const [picked, setPicked] = createSignal(0);

  // Past reviews newest first, as GitHub lists a pull request's reviews; text from the store, made safe to print.
  const text = (): readonly string[] =>
    shown() === "changes"
      ? changeLines(input.changes?.() ?? [])
      : shown() === "past"
        ? input.reviews().length === 0
          ? ["No review released on this branch yet."]
          : [...input.reviews()]
              .sort((a, b) => b.releasedAt.localeCompare(a.releasedAt))
              .flatMap((r) => pastReviewLines(r).map(terminalSafe))
        : input.keyHelp();
  const unwrapped = (): readonly string[] =>
    shown() === "branches" ? branchEntries(branches(), input.branch?.() ?? "", picked()).flat() : text();
  // As wide as its longest line where the screen allows; narrower, each line wraps under its own text
  // (a key's words under the words, past the key column).
  const width = () =>
    Math.max(
      20,
      Math.min(
        input.screen().width - 4,
        Math.max(shown() === "past" || shown() === "branches" ? 60 : 40, ...unwrapped().map((l) => l.length + 2)),
      ),
    );
  // Each branch is one entry of the list, its lines wrapped under its name; the others, one entry per line.
  const entries = (): readonly (readonly string[])[] => {
    const inner = width() - 2;
    if (shown() === "branches")
      return branchEntries(branches(), input.branch?.() ?? "", picked()).map((entry) =>
        entry.flatMap((line) => wrapWords(line, inner, 4)),
      );
    const past = shown() === "past";
    return text().map((line) => wrapWords(line, inner, past ? (line.match(/^ */)?.[0].length ?? 0) + 2 : 16));
  };
  const lines = (): readonly string[] => entries().flat();
  const rows = () => Math.max(1, Math.min(lines().length, input.screen().height - input.top() - 4));
  // The pick moves by whole branches, and the list scrolls so the picked one is in the box.
  const pick = (by: 1 | -1) => {
    const at = Math.max(0, Math.min(branches().length - 1, picked() + by));
    setPicked(at);
    const groups = entries();
    const first = groups.slice(0, at).reduce((n, g) => n + g.length, 0);
    const last = first + (groups[at]?.length ?? 1);
    if (first < scroll()) setScroll(first);
    else if (last > scroll() + rows()) setScroll(Math.max(0, last - rows()));
  };

  return {
    shown,
    open: (list: "keys" | "past" | "changes") => {
      setScroll(0);
      setShown(list);
    },
    /** Opens the branch list, in the server's order (what waits on the person first), the first one picked. */
    openBranches: (list: readonly BranchInfo[]) => {
      setBranches(sortBranches(list));
      setPicked(0);
      setScroll(0);
      setShown("branches");
    },
    close: () => void setShown(null),
    down: () =>
      shown() === "branches" ? pick(1) : void setScroll((t) => Math.min(t + 1, Math.max(0, lines().length - rows()))),
    up: () => (shown() === "branches" ? pick(-1) : void setScroll((t) => Math.max(0, t - 1))),
    /** Enter: opens the picked branch in the branch list; closes any other list. */
    choose: () => {
      const branch = shown() === "branches" ? branches()[picked()] : undefined;
      setShown(null);
      if (branch !== undefined) input.openBranch?.(branch);
    },
    title: () =>
      shown() === "branches"
        ? "Branches · j / k pick · Enter opens · Escape closes"
        : shown() === "changes"
          ? "Your changes · Z restores the newest · Escape closes"
          : shown() === "past"
            ? "Past reviews · Escape closes"
            : "Keys · Escape closes",
    width,
    /** The box's height with its border, within the screen. */
    height: () => Math.min(lines().length + 2, input.screen().height - input.top() - 1),
    /** The lines in the box now. */
    visible: () => lines().slice(scroll(), scroll() + rows()),
    /** More lines than the box shows: it says j / k scroll. */
    scrolls: () => lines().length > rows(),
  };
}

/**
 * The branch list's entries: the pick's mark, the name (and `open` for the review shown now), its work tree;
 * under it where it stands (change, what waits on the person and on the agent, whether an agent is live)
 * and its agents. Names and titles come from git and the store: made safe to print.
 */
function branchEntries(list: readonly BranchInfo[], open: string, picked: number): readonly (readonly string[])[] {
  if (list.length === 0) return [["No branch has a review or a changed work tree."]];
  return list.map((b, i) => {
    const agents = b.agents.map((a) =>
      a.kind === "mcp"
        ? `MCP client${a.live ? " (live)" : ""}`
        : `opencode${a.session ? ` "${a.session.title}"` : ""}${a.live ? " (live)" : ""}`,
    );
    return [
      `${i === picked ? "›" : " "} ${terminalSafe(b.branch)}${b.branch === open ? " (open)" : ""}${b.worktree === null ? "" : ` · ${terminalSafe(b.worktree)}`}`,
      `    ${branchStatus(b)}`,
      ...(agents.length === 0 ? [] : [`    agents: ${terminalSafe(agents.join(", "))}`]),
    ];
  });
}

/** The change list's lines, newest first: what was done where, when, and whether it was restored. */
function changeLines(changes: readonly Change[]): readonly string[] {
  if (changes.length === 0) return ["No undo or applied suggestion on this branch yet."];
  return changes.map(
    (c) =>
      `${c.kind === "undo" ? "Undid" : "Applied a suggestion to"} ${terminalSafe(changePlace(c))} · ${new Date(c.at).toLocaleString()}${c.restoredAt ? " · restored" : ""}`,
  );
}
