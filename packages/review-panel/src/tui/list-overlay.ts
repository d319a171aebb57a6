// The list over the diff: the keys (`?`) or the past reviews (`h`), wrapped to the box and scrolled with
// j and k. No renderer here: the view draws `visible()` in a box `width()` wide and `height()` tall.
import { createSignal } from "solid-js";
import type { Change, PastReview } from "../state/review-client.js";
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
}) {
  const [shown, setShown] = createSignal<"keys" | "past" | "changes" | null>(null);
  const [scroll, setScroll] = createSignal(0);

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
  // As wide as its longest line where the screen allows; narrower, each line wraps under its own text
  // (a key's words under the words, past the key column).
  const width = () =>
    Math.max(
      20,
      Math.min(input.screen().width - 4, Math.max(shown() === "past" ? 60 : 40, ...text().map((l) => l.length + 2))),
    );
  const lines = (): readonly string[] => {
    const inner = width() - 2;
    const past = shown() === "past";
    return text().flatMap((line) => wrapWords(line, inner, past ? (line.match(/^ */)?.[0].length ?? 0) + 2 : 16));
  };
  const rows = () => Math.max(1, Math.min(lines().length, input.screen().height - input.top() - 4));

  return {
    shown,
    open: (list: "keys" | "past" | "changes") => {
      setScroll(0);
      setShown(list);
    },
    close: () => void setShown(null),
    down: () => void setScroll((t) => Math.min(t + 1, Math.max(0, lines().length - rows()))),
    up: () => void setScroll((t) => Math.max(0, t - 1)),
    title: () =>
      shown() === "changes"
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

/** The change list's lines, newest first: what was done where, when, and whether it was restored. */
function changeLines(changes: readonly Change[]): readonly string[] {
  if (changes.length === 0) return ["No undo or applied suggestion on this branch yet."];
  return changes.map(
    (c) =>
      `${c.kind === "undo" ? "Undid" : "Applied a suggestion to"} ${terminalSafe(changePlace(c))} · ${new Date(c.at).toLocaleString()}${c.restoredAt ? " · restored" : ""}`,
  );
}
