// The diff's rows as terminal lines: plain text in coloured pieces, with no renderer in sight, so the
// layout (numbers, markers, thread states, drafts) is tested as text and only the visible lines get drawn.
import type { DiffLine } from "@opencode-review/core";
import { buildRows, type Row, type RowsInput } from "../state/diff/diff-rows.js";
import { type ChangedSince, hunkChangedSince } from "../state/diff/since-review.js";
import { cutAtWords } from "../state/diff/word-pieces.js";
import type { MarkdownLine } from "./markdown-lines.js";
import { fit, NUMBER, pad, type Piece, type ScreenLine } from "./screen-text.js";
import { threadLines } from "./thread-lines.js";

export interface LayoutOptions {
  readonly width: number;
  readonly view: "unified" | "split";
  readonly collapsed: ReadonlySet<string>;
  /** A binary file's line (type, dimensions, sizes, changed share) by path, once its versions are read. */
  readonly binaryLines?: ReadonlyMap<string, string>;
  /**
   * Bodies already read as Markdown, by their text, kept by the view across layouts: a poll that changes one
   * thread lays every row out again, and lexing every body each time is most of that work (`pnpm bench tui`).
   */
  readonly bodies?: Map<string, MarkdownLine[]>;
  /**
   * What changed since the person's last review (`since.changed()`), marked on file and hunk header lines.
   * Data, not a getter: lines are made when first drawn, after the layout, and a getter read then is read
   * outside whatever made the layout, so marks that arrive later would never reach lines already made.
   */
  readonly sinceReview?: ChangedSince | null;
}

function num(n: number | null): string {
  return n === null ? " ".repeat(NUMBER) : String(n).padStart(NUMBER);
}

const MARKER = { add: "+", del: "-", ctx: " " } as const;

// A line's code in `width` columns, its changed words (if any) in pieces of their own; `padded` fills the width.
function codePieces(line: DiffLine, width: number, padded: boolean): Piece[] {
  if (!line.words || line.words.length === 0)
    return [{ text: padded ? pad(line.text, width) : fit(line.text, width), tone: line.kind, code: true }];
  const out: Piece[] = [];
  let left = width;
  for (const part of cutAtWords([{ text: line.text }], line.words)) {
    if (left <= 0) break;
    const text = fit(part.text, left);
    out.push({ text, tone: line.kind, code: true, ...(part.changed ? { word: true } : {}) });
    left -= text.length;
  }
  if (padded && left > 0) out.push({ text: " ".repeat(left), tone: line.kind, code: true });
  return out;
}

function codeLine(line: DiffLine, width: number): ScreenLine {
  const head = `${num(line.old)} ${num(line.new)} `;
  return {
    pieces: [
      { text: head, tone: "number" },
      { text: `${MARKER[line.kind]} `, tone: line.kind },
      ...codePieces(line, width - head.length - 2, false),
    ],
    ...(line.kind === "ctx" ? {} : { band: line.kind }),
  };
}

function half(line: DiffLine | null, n: number | null, width: number): Piece[] {
  if (!line) return [{ text: " ".repeat(width), tone: "muted" }];
  const head = `${num(n)} `;
  return [
    { text: head, tone: "number" },
    { text: `${MARKER[line.kind]} `, tone: line.kind },
    ...codePieces(line, width - head.length - 2, true),
  ];
}

function pairLine(left: DiffLine | null, right: DiffLine | null, width: number): ScreenLine {
  const side = Math.floor((width - 1) / 2);
  const band = right?.kind === "add" ? "add" : left?.kind === "del" ? "del" : undefined;
  return {
    pieces: [
      ...half(left, left?.old ?? null, side),
      { text: "│", tone: "muted" },
      ...half(right, right?.new ?? null, width - side - 1),
    ],
    ...(band ? { band } : {}),
  };
}

/**
 * The terminal lines one row takes, in order; a thread block takes a line per message line.
 * @example rowLines({ kind: "hunk", key: "h", file: "a.ts", header: "@@ -1 +1 @@" }, { width: 80, view: "unified", collapsed: new Set() })
 */
export function rowLines(row: Row, options: LayoutOptions): ScreenLine[] {
  const width = Math.max(20, options.width);
  switch (row.kind) {
    case "file": {
      const f = row.file;
      let adds = 0;
      let dels = 0;
      for (const h of f.hunks) for (const l of h.lines) l.kind === "add" ? adds++ : l.kind === "del" ? dels++ : 0;
      const fold = options.collapsed.has(f.path) ? "▶" : "▼";
      const name = f.oldPath && f.oldPath !== f.path ? `${f.oldPath} → ${f.path}` : f.path;
      const big = f.tooLarge;
      const stats = f.binary
        ? " binary"
        : big
          ? ` +${big.additions ?? "?"} -${big.deletions ?? "?"} · too large`
          : ` +${adds} -${dels}`;
      const tail = `  ${f.unchanged ? "unchanged" : f.status}${stats}${options.sinceReview?.has(f.path) ? " · new since your review" : ""}`;
      // The name keeps the width the status leaves; a long path loses its start, where folders repeat.
      const room = Math.max(8, width - 2 - tail.length);
      const shown = name.length <= room ? name : `…${name.slice(name.length - room + 1)}`;
      return [
        {
          pieces: [
            { text: `${fold} `, tone: "file" },
            { text: shown, tone: "file", bold: true },
            { text: tail, tone: "muted" },
          ],
        },
      ];
    }
    case "outdated": {
      const lines: ScreenLine[] = [
        {
          pieces: [
            {
              text: fit(
                `   ⚠ ${row.threads.length} outdated thread${row.threads.length === 1 ? "" : "s"}: their lines are gone`,
                width,
              ),
              tone: "warning",
            },
          ],
        },
      ];
      for (const t of row.threads) lines.push(...threadLines(t, width, true, options.bodies, row.file));
      return lines;
    }
    case "file-threads":
      return row.threads.flatMap((t) => threadLines(t, width, t.start !== null, options.bodies, row.file));
    case "threads":
      return row.threads.flatMap((t) => threadLines(t, width, false, options.bodies, row.file));
    case "notice":
      if (row.binary) {
        const line = options.binaryLines?.get(row.file);
        return [
          {
            pieces: [
              {
                text: fit(`   ◆ ${line ?? "Binary file: reading both versions…"}`, width),
                tone: line ? "accent" : "muted",
              },
            ],
          },
        ];
      }
      // Held back by the per-file limits: its own line, and the key that loads it anyway (as the web's Load diff).
      // The key first: a long reason is cut at the screen's edge, never the way to see the file.
      if (row.load !== undefined)
        return [
          { pieces: [{ text: fit(`   ⚠ ${row.load ? "L loads it · " : ""}${row.text}`, width), tone: "warning" }] },
        ];
      return [{ pieces: [{ text: fit(`   ${row.text}`, width), tone: "muted" }] }];
    case "gap":
      return [
        {
          pieces: [
            {
              text: fit(
                `   ⋯ ${row.gap.count === null ? "more" : row.gap.count} unchanged line${row.gap.count === 1 ? "" : "s"}`,
                width,
              ),
              tone: "muted",
            },
          ],
        },
      ];
    case "hunk": {
      // A kept hunk says so, its lines folded as a viewed file's are; one changed since the last release says that.
      const spans = options.sinceReview?.get(row.file);
      const fresh = row.at !== undefined && spans !== undefined && hunkChangedSince(row.at, spans);
      const marks = `${row.kept ? "  kept · folded" : ""}${fresh ? "  ● new since your review" : ""}`;
      return [{ pieces: [{ text: fit(`${row.header}${marks}`, width), tone: "hunk" }] }];
    }
    case "line":
      return [codeLine(row.line, width)];
    case "pair":
      return [pairLine(row.left, row.right, width)];
    case "composer":
      return [];
  }
}

/**
 * The rows the terminal shows: the shared rows, less the "more unchanged lines" after a file's last hunk
 * when the file's length is not known. The terminal cannot unfold them, so it claims only lines it can count
 * (from the hunks, or from the file's text in `texts`); a file that ends at its last hunk gets no gap line.
 * @example terminalRows({ files, threads, range, view: "unified", collapsed, texts: model.texts() })
 */
export function terminalRows(input: RowsInput): Row[] {
  return buildRows(input).rows.filter((row) => row.kind !== "gap" || row.gap.count !== null);
}

export interface Layout {
  /** How many terminal lines all rows take. */
  readonly total: number;
  /** The first screen line of each row. */
  readonly starts: readonly number[];
  /** The row a screen line belongs to. */
  ownerOf(line: number): number;
  /** One screen line, drawn when first asked for (only the lines on screen ever are). */
  line(index: number): ScreenLine;
}

/**
 * Where every row starts on screen, counted once per change of rows, width or view (never per key); the
 * lines themselves are made only for the rows that are drawn.
 * @example const l = layout(rows, options); l.line(l.starts[12]!) // the first line of row 12
 */
export function layout(rows: readonly Row[], options: LayoutOptions): Layout {
  const starts = new Array<number>(rows.length);
  const made = new Map<number, ScreenLine[]>();
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    starts[i] = total;
    const row = rows[i]!;
    // A thread block's height is its lines: made once here and kept for drawing.
    if (row.kind === "threads" || row.kind === "outdated" || row.kind === "file-threads") {
      const lines = rowLines(row, options);
      made.set(i, lines);
      total += lines.length;
    } else total += row.kind === "composer" ? 0 : 1;
  }
  const ownerOf = (line: number): number => {
    let lo = 0;
    let hi = rows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= line) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return {
    total,
    starts,
    ownerOf,
    line: (index) => {
      const owner = ownerOf(index);
      let lines = made.get(owner);
      if (!lines) made.set(owner, (lines = rowLines(rows[owner]!, options)));
      return lines[index - starts[owner]!] ?? { pieces: [] };
    },
  };
}
