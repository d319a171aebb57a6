// On phones long code lines scroll sideways instead of wrapping mid-word (as GitHub's mobile diff does).
// The diff is virtualized, so a file's lines are separate elements: they scroll together by copying the
// offset of the line being dragged to every other rendered line of that file, and every line of a file is
// given the width of the file's longest line so that the offsets stay aligned at the right edge too.
import { createContext, useContext } from "solid-js";
import type { Row } from "../diff/diff-rows.js";

/** How wide a file's code is, in characters, and how many digits its line numbers need. */
export interface CodeWidth {
  readonly chars: number;
  readonly digits: number;
}

const tabWidth = 4;

/**
 * The widest line and line number of each file among the unified rows.
 * @example codeWidths(rows).get("src/a.ts") // { chars: 87, digits: 3 }
 */
export function codeWidths(rows: readonly Row[]): ReadonlyMap<string, CodeWidth> {
  const widths = new Map<string, { chars: number; digits: number }>();
  for (const row of rows) {
    if (row.kind !== "line") continue;
    const { text, old, new: next } = row.line;
    let chars = text.length;
    // A tab is drawn up to tab-size wide; counting it so keeps the longest line fully reachable.
    for (let i = text.indexOf("\t"); i !== -1; i = text.indexOf("\t", i + 1)) chars += tabWidth - 1;
    const digits = String(Math.max(old ?? 0, next ?? 0)).length;
    const known = widths.get(row.file);
    if (!known) widths.set(row.file, { chars, digits });
    else {
      if (chars > known.chars) known.chars = chars;
      if (digits > known.digits) known.digits = digits;
    }
  }
  return widths;
}

export type CodeScroll = ReturnType<typeof createCodeScroll>;

/**
 * Keeps the sideways scroll of all rendered code lines of a file together, and restores it on lines
 * the virtualizer renders later.
 * @example const scroll = createCodeScroll(() => scroller); const detach = scroll.attach(codeElement, "src/a.ts")
 */
export function createCodeScroll(root: () => HTMLElement | undefined) {
  const offsets = new Map<string, number>();
  // Only the line the person touches leads; the lines that follow fire scroll events too, and must not answer.
  let leader: HTMLElement | null = null;

  const follow = (file: string, from: HTMLElement, x: number) => {
    const lines = root()?.querySelectorAll<HTMLElement>(
      `[data-component="diff-line"][data-file="${CSS.escape(file)}"] > [data-slot="code"]`,
    );
    for (const line of lines ?? []) if (line !== from && line.scrollLeft !== x) line.scrollLeft = x;
  };

  return {
    attach(el: HTMLElement, file: string): () => void {
      const x = offsets.get(file) ?? 0;
      if (x !== 0) el.scrollLeft = x;
      const lead = () => (leader = el);
      const onScroll = () => {
        if (leader !== el) return;
        const at = el.scrollLeft;
        if (offsets.get(file) === at) return;
        offsets.set(file, at);
        follow(file, el, at);
      };
      el.addEventListener("touchstart", lead, { passive: true });
      el.addEventListener("pointerdown", lead);
      el.addEventListener("wheel", lead, { passive: true });
      el.addEventListener("scroll", onScroll, { passive: true });
      return () => {
        el.removeEventListener("touchstart", lead);
        el.removeEventListener("pointerdown", lead);
        el.removeEventListener("wheel", lead);
        el.removeEventListener("scroll", onScroll);
        if (leader === el) leader = null;
      };
    },
  };
}

export const CodeScrollContext = createContext<CodeScroll | null>(null);

/** The sideways code scroll of the enclosing diff, or null where code wraps (desktop). */
export function useCodeScroll(): CodeScroll | null {
  return useContext(CodeScrollContext) ?? null;
}
