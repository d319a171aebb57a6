// The diff's rows as terminal lines: plain text in coloured pieces, with no renderer in sight, so the
// layout (numbers, markers, thread states, drafts) is tested as text and only the visible lines get drawn.
import { describePlace, renderClaim, type DiffLine } from "@opencode-review/core";
import { findingOf, type Thread } from "../state/review-client.js";
import { buildRows, type Row, type RowsInput } from "../state/diff-rows.js";
import { replyCount } from "../state/threads.js";
import { markdownLines, terminalSafe, wrapLine, type MarkdownLine } from "./markdown-lines.js";
import { wrapWords } from "./wrap-words.js";

/** What a piece of text is, for the theme to colour. */
export type Tone =
  | "text" | "muted" | "add" | "del" | "ctx" | "hunk" | "file" | "number"
  | "thread" | "draft" | "agent" | "human" | "warning" | "success" | "accent"
  | "code" | "link" | "heading" | "quote";

export interface Piece {
  readonly text: string;
  readonly tone: Tone;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly strike?: boolean;
  /** Source code: drawn with syntax colours over the line's band. */
  readonly code?: boolean;
}

/** One terminal line, and the background it is drawn on (added and deleted code lines are tinted). */
export interface ScreenLine {
  readonly pieces: readonly Piece[];
  readonly band?: "add" | "del";
}

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
}

const NUMBER = 5;

function fit(text: string, width: number): string {
  // Whatever the text is (code, a path, a quote, a body), no control sequence in it reaches the terminal.
  const clean = terminalSafe(text).replace(/\t/g, "  ").replace(/\n/g, " ");
  if (width <= 0) return "";
  if (clean.length <= width) return clean;
  return width === 1 ? "…" : `${clean.slice(0, width - 1)}…`;
}

function pad(text: string, width: number): string {
  const t = fit(text, width);
  return t + " ".repeat(Math.max(0, width - t.length));
}

function num(n: number | null): string {
  return n === null ? " ".repeat(NUMBER) : String(n).padStart(NUMBER);
}

const MARKER = { add: "+", del: "-", ctx: " " } as const;

function codeLine(line: DiffLine, width: number): ScreenLine {
  const head = `${num(line.old)} ${num(line.new)} `;
  return {
    pieces: [
      { text: head, tone: "number" },
      { text: `${MARKER[line.kind]} `, tone: line.kind },
      { text: fit(line.text, width - head.length - 2), tone: line.kind, code: true },
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
    { text: pad(line.text, width - head.length - 2), tone: line.kind, code: true },
  ];
}

function pairLine(left: DiffLine | null, right: DiffLine | null, width: number): ScreenLine {
  const side = Math.floor((width - 1) / 2);
  const band = right?.kind === "add" ? "add" : left?.kind === "del" ? "del" : undefined;
  return {
    pieces: [...half(left, left?.old ?? null, side), { text: "│", tone: "muted" }, ...half(right, right?.new ?? null, width - side - 1)],
    ...(band ? { band } : {}),
  };
}

/** A line of styled pieces cut at `width`, the cut marked with an ellipsis as `fit` marks it. */
function fitPieces(pieces: readonly Piece[], width: number): Piece[] {
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

/**
 * Where a thread stands, in the words the person reads beside it: its status and whose turn, and what
 * happened to its code (moved from where, changed since, outdated).
 * `shownIn`: the file of the diff the thread is shown under (a renamed file's name now).
 * @example threadStatus(thread) // "waiting on you · moved from line 12"
 */
export function threadStatus(thread: Thread, shownIn?: string): string {
  const words: string[] = [];
  const finding = findingOf(thread);
  if (finding) words.push(`reviewer · ${finding.severity.toUpperCase()} · a accepts · X dismisses`);
  else if (thread.status === "draft") words.push("DRAFT");
  else if (thread.status === "resolved") words.push(`resolved${thread.resolvedBy ? ` by ${thread.resolvedBy === "human" ? "you" : "agent"}` : ""}`);
  else if (thread.awaiting === "human") words.push("waiting on you");
  else if (thread.awaiting === "agent") words.push("waiting on agent");
  else words.push("open");
  const a = thread.anchor;
  if (a.state === "moved") words.push(`moved from line ${thread.start ?? "?"} to ${a.start ?? "?"}`);
  if (a.state === "changed") words.push(a.whitespaceOnly ? "whitespace changed since" : "code changed since");
  if (a.state === "outdated") words.push("outdated");
  // Shown under another file than it was written on: that file was renamed since.
  if (shownIn !== undefined && shownIn !== thread.file) words.push(`renamed from ${thread.file}`);
  const replies = replyCount(thread);
  if (replies) words.push(replies);
  if (thread.unreadByHuman) words.push("● new");
  return words.join(" · ");
}

function bodyLines(body: string, bodies: Map<string, MarkdownLine[]> | undefined): MarkdownLine[] {
  const known = bodies?.get(body);
  if (known) return known;
  const lines = markdownLines(body);
  bodies?.set(body, lines);
  return lines;
}

/**
 * Who wrote a message, as the person reads it: a pull request's reviewer by their login (not "you": the
 * person did not write it), and an agent reply on a pull-request thread with whether it is on the forge yet.
 * @example speaker(thread, message) // "alice", "agent (queued for PR #7)", "you (draft)"
 */
function speaker(thread: Thread, message: Thread["messages"][number]): string {
  if (findingOf(thread)) return "reviewer";
  if (message.author === "agent") {
    const state = thread.forge === undefined ? undefined : message.forge?.state;
    return state === "queued" ? `agent (queued for PR #${thread.forge!.pr})` : state === "failed" ? `agent (not sent to PR #${thread.forge!.pr})` : "agent";
  }
  if (message.login !== undefined) return message.login;
  return message.delivery === "unsent" ? "you (draft)" : "you";
}

function threadLines(thread: Thread, width: number, quote: boolean, bodies: Map<string, MarkdownLine[]> | undefined, shownIn: string): ScreenLine[] {
  const bar = "   ┃ ";
  const inner = width - bar.length;
  const tone: Tone = thread.status === "draft" ? "draft" : thread.status === "resolved" ? "muted" : thread.awaiting === "human" ? "warning" : "thread";
  // The heading wraps at words (a finding's keys come last in it), never cut at the edge.
  const lines: ScreenLine[] = wrapWords(terminalSafe(`${describePlace(thread, { for: "terminal", file: false, at: "written" })} · ${threadStatus(thread, shownIn)}`), inner, 2).map((text) => ({
    pieces: [{ text: bar, tone }, { text, tone, bold: true }],
  }));
  if (quote) for (const q of thread.quoted.slice(0, 6)) lines.push({ pieces: [{ text: bar, tone }, { text: fit(`> ${q}`, inner), tone: "muted" }] });
  for (const message of thread.messages) {
    const who = speaker(thread, message);
    const labelled = (i: number): Piece => ({
      text: i === 0 ? `${who}: ` : " ".repeat(who.length + 2),
      tone: message.author === "agent" ? "agent" : message.delivery === "unsent" ? "draft" : "human",
      bold: i === 0,
    });
    // Long lines wrap at words, as a comment reads; the quote bars and list indents carry on.
    let n = 0;
    for (const body of bodyLines(message.body, bodies)) {
      for (const wrapped of wrapLine(body, inner - who.length - 2)) {
        // Wrapped rows fit by construction (and were cleaned with the body); only a very narrow screen needs the cut.
        const room = inner - who.length - 2;
        const fits = wrapped.reduce((w, p) => w + p.text.length, 0) <= room;
        lines.push({ pieces: [{ text: bar, tone }, labelled(n++), ...(fits ? wrapped : fitPieces(wrapped, room))] });
      }
    }
    for (const s of message.suggestion ?? []) lines.push({ pieces: [{ text: bar, tone }, { text: fit(`  suggest + ${s}`, inner), tone: "add" }] });
    // What the checked resolve made of the agent's claim, under its words, in the web panel's wording.
    if (message.claim) {
      const claimTone: Tone = message.claim.accepted ? "success" : "warning";
      for (const wrapped of wrapLine([{ text: renderClaim(message.claim), tone: "text" }], inner - who.length - 2)) {
        lines.push({ pieces: [{ text: bar, tone }, { text: " ".repeat(who.length + 2), tone: "agent" }, ...wrapped.map((p) => ({ ...p, tone: claimTone, italic: true }))] });
      }
    }
  }
  return lines;
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
      const stats = f.binary ? " binary" : big ? ` +${big.additions ?? "?"} -${big.deletions ?? "?"} · too large` : ` +${adds} -${dels}`;
      const tail = `  ${f.status}${stats}`;
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
      const lines: ScreenLine[] = [{ pieces: [{ text: fit(`   ⚠ ${row.threads.length} outdated thread${row.threads.length === 1 ? "" : "s"}: their lines are gone`, width), tone: "warning" }] }];
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
        return [{ pieces: [{ text: fit(`   ◆ ${line ?? "Binary file: reading both versions…"}`, width), tone: line ? "accent" : "muted" }] }];
      }
      // Held back by the per-file limits: its own line, and the key that loads it anyway (as the web's Load diff).
      // The key first: a long reason is cut at the screen's edge, never the way to see the file.
      if (row.load !== undefined) return [{ pieces: [{ text: fit(`   ⚠ ${row.load ? "L loads it · " : ""}${row.text}`, width), tone: "warning" }] }];
      return [{ pieces: [{ text: fit(`   ${row.text}`, width), tone: "muted" }] }];
    case "gap":
      return [{ pieces: [{ text: fit(`   ⋯ ${row.gap.count === null ? "more" : row.gap.count} unchanged line${row.gap.count === 1 ? "" : "s"}`, width), tone: "muted" }] }];
    case "hunk":
      return [{ pieces: [{ text: fit(row.header, width), tone: "hunk" }] }];
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
