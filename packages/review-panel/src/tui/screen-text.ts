// Terminal text in coloured pieces, cut to the screen's width: what every line the review draws is made of,
// with no control sequence of a body, path or quote ever reaching the terminal.
import { terminalSafe } from "./markdown-lines.js";

/** What a piece of text is, for the theme to colour. */
export type Tone =
  | "text"
  | "muted"
  | "add"
  | "del"
  | "ctx"
  | "hunk"
  | "file"
  | "number"
  | "thread"
  | "draft"
  | "agent"
  | "human"
  | "warning"
  | "success"
  | "accent"
  | "code"
  | "link"
  | "heading"
  | "quote";

export interface Piece {
  readonly text: string;
  readonly tone: Tone;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly strike?: boolean;
  /** Source code: drawn with syntax colours over the line's band. */
  readonly code?: boolean;
  /** A changed word of a paired line (`words` of the diff): drawn emphasised, bold and underlined. */
  readonly word?: boolean;
}

/** One terminal line, and the background it is drawn on (added and deleted code lines are tinted). */
export interface ScreenLine {
  readonly pieces: readonly Piece[];
  readonly band?: "add" | "del";
}

/** The width of a line number column. */
export const NUMBER = 5;

/** One line of text, made safe for the terminal and cut at `width` with an ellipsis. */
export function fit(text: string, width: number): string {
  // Whatever the text is (code, a path, a quote, a body), no control sequence in it reaches the terminal.
  const clean = terminalSafe(text).replace(/\t/g, "  ").replace(/\n/g, " ");
  if (width <= 0) return "";
  if (clean.length <= width) return clean;
  return width === 1 ? "…" : `${clean.slice(0, width - 1)}…`;
}

/** `fit`, padded with spaces to `width`. */
export function pad(text: string, width: number): string {
  const t = fit(text, width);
  return t + " ".repeat(Math.max(0, width - t.length));
}

/** A line of styled pieces cut at `width`, the cut marked with an ellipsis as `fit` marks it. */
export function fitPieces(pieces: readonly Piece[], width: number): Piece[] {
  const clean = pieces.map((p) => ({ ...p, text: fit(p.text, Number.MAX_SAFE_INTEGER) }));
  if (clean.reduce((n, p) => n + p.text.length, 0) <= width) return clean;
  const out: Piece[] = [];
  let room = Math.max(0, width - 1);
  for (const piece of clean) {
    if (room <= 0) break;
    out.push({ ...piece, text: piece.text.slice(0, room) });
    room -= Math.min(room, piece.text.length);
  }
  const last = out[out.length - 1];
  if (last) out[out.length - 1] = { ...last, text: `${last.text}…` };
  else if (width > 0) out.push({ text: "…", tone: "muted" });
  return out;
}
