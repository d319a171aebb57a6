// Comment bodies as Markdown in the terminal: marked's lexer (the parser the web panel renders with) cut
// into lines of styled pieces. OpenTUI 0.4.5 has a Markdown renderable, but it lays itself out at its own
// height; the diff window counts every screen line before drawing only the visible ones, so a body has to
// be lines of text it can count. Nothing in a body reaches the terminal as a control sequence.
import { Lexer, type Token, type Tokens } from "marked";

/** How a run of a body's text is drawn; the theme's Markdown colours give each its colour. */
export interface MarkdownPiece {
  readonly text: string;
  readonly tone: "text" | "code" | "link" | "muted" | "heading" | "quote";
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly strike?: boolean;
  /** A line's lead-in (a quote's bar, a list's marker or indent, a code block's indent), repeated or blanked when it wraps. */
  readonly prefix?: true;
}

export type MarkdownLine = readonly MarkdownPiece[];

// ESC-led sequences whole (CSI, OSC to BEL or ST, and two-character escapes), then every other C0 and C1
// control but the tab. A body quoting `\x1b]52;...` (set the clipboard) or `\x1b[2J` (clear the screen)
// shows the rest of its text and nothing else.
const sequences =
  /\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[\s\S]?|\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x9c]*[\x07\x9c]?/g;
const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Text with every terminal control sequence and control character taken out (tabs and newlines kept).
 * @example terminalSafe("a\x1b[2Jb") // "ab"
 */
export function terminalSafe(text: string): string {
  return text.replace(sequences, "").replace(/\r\n?/g, "\n").replace(controls, "");
}

type Style = Omit<MarkdownPiece, "text">;

/** Inline tokens as lines of pieces (a hard break starts a new line). */
function inline(tokens: readonly Token[], style: Style, lines: MarkdownPiece[][]): void {
  const put = (text: string, s: Style) => {
    const parts = text.split("\n");
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part !== "") lines[lines.length - 1]!.push({ text: part, ...s });
    });
  };
  for (const token of tokens) {
    switch (token.type) {
      case "strong":
        inline((token as Tokens.Strong).tokens, { ...style, bold: true }, lines);
        break;
      case "em":
        inline((token as Tokens.Em).tokens, { ...style, italic: true }, lines);
        break;
      case "del":
        inline((token as Tokens.Del).tokens, { ...style, strike: true }, lines);
        break;
      case "codespan":
        put((token as Tokens.Codespan).text, { ...style, tone: "code" });
        break;
      case "br":
        lines.push([]);
        break;
      case "link": {
        const link = token as Tokens.Link;
        inline(link.tokens, { ...style, tone: "link" }, lines);
        // The address is shown as text: the terminal has no link to follow, and a label can hide where it goes.
        if (link.text !== link.href) put(` (${link.href})`, { tone: "muted" });
        break;
      }
      case "image": {
        const image = token as Tokens.Image;
        put(`image: ${image.text || image.href} (${image.href})`, { ...style, tone: "muted" });
        break;
      }
      default: {
        const t = token as Tokens.Text;
        if ("tokens" in t && t.tokens && t.tokens.length > 0) inline(t.tokens, style, lines);
        else put("text" in t && typeof t.text === "string" ? t.text : token.raw, style);
      }
    }
  }
}

function blocks(tokens: readonly Token[], prefix: MarkdownLine, out: MarkdownLine[]): void {
  const start = (): MarkdownPiece[][] => [[...prefix]];
  const flush = (lines: MarkdownPiece[][], continuation: MarkdownLine = prefix) => {
    for (const [i, line] of lines.entries()) out.push(i === 0 ? line : [...continuation, ...line]);
  };
  for (const token of tokens) {
    switch (token.type) {
      case "space":
        break;
      case "paragraph":
      case "text": {
        const lines = start();
        const t = token as Tokens.Paragraph;
        inline(t.tokens ?? [{ type: "text", raw: t.text, text: t.text } as Tokens.Text], { tone: "text" }, lines);
        flush(lines);
        break;
      }
      case "heading": {
        const lines = start();
        inline((token as Tokens.Heading).tokens, { tone: "heading", bold: true }, lines);
        flush(lines);
        break;
      }
      case "code": {
        const code = token as Tokens.Code;
        for (const line of code.text.split("\n"))
          out.push([...prefix, { text: "  ", tone: "muted", prefix: true }, { text: line, tone: "code" }]);
        break;
      }
      case "blockquote":
        blocks((token as Tokens.Blockquote).tokens, [...prefix, { text: "│ ", tone: "quote", prefix: true }], out);
        break;
      case "list": {
        const list = token as Tokens.List;
        list.items.forEach((item, i) => {
          const marker = list.ordered
            ? `${Number(list.start || 1) + i}. `
            : item.task
              ? item.checked
                ? "[x] "
                : "[ ] "
              : "• ";
          const before = out.length;
          blocks(
            item.tokens.filter((t) => t.type !== "checkbox"),
            [...prefix, { text: " ".repeat(marker.length), tone: "muted", prefix: true }],
            out,
          );
          // The item's first line carries its marker where the others keep the indent.
          const first = out[before];
          if (first)
            out[before] = [...prefix, { text: marker, tone: "muted", prefix: true }, ...first.slice(prefix.length + 1)];
          else out.push([...prefix, { text: marker, tone: "muted", prefix: true }]);
        });
        break;
      }
      case "hr":
        out.push([...prefix, { text: "───", tone: "muted" }]);
        break;
      case "table": {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          const lines = start();
          row.forEach((cell, i) => {
            if (i > 0) lines[lines.length - 1]!.push({ text: " │ ", tone: "muted" });
            inline(cell.tokens, { tone: "text", ...(row === table.header ? { bold: true } : {}) }, lines);
          });
          flush(lines);
        }
        break;
      }
      default:
        // Raw HTML and anything else is shown as written, as the web panel shows it.
        for (const line of token.raw.replace(/\n+$/, "").split("\n"))
          out.push([...prefix, { text: line, tone: "text" }]);
    }
  }
}

/**
 * A comment body as terminal lines: bold, italics, code spans, fenced code, lists, quotes, and links as
 * their text with the address after it. A body Markdown cannot read stays as its plain lines.
 * @example markdownLines("Use **bold**") // [[{ text: "Use ", tone: "text" }, { text: "bold", tone: "text", bold: true }]]
 */
export function markdownLines(body: string): MarkdownLine[] {
  const text = terminalSafe(body);
  try {
    const out: MarkdownLine[] = [];
    blocks(Lexer.lex(text, { gfm: true, breaks: true }), [], out);
    return out.length > 0 ? out : [[]];
  } catch {
    return text.split("\n").map((line) => [{ text: line, tone: "text" }]);
  }
}

/**
 * One body line wrapped at word boundaries into lines of at most `width` characters (a word longer than a
 * line is cut into pieces); the lines after the first keep a quote's bar and indent under a list's marker.
 * @example wrapLine(markdownLines("- one two three")[0], 9) // [["• ", "one two"], ["  ", "three"]]
 */
export function wrapLine(line: MarkdownLine, width: number): MarkdownPiece[][] {
  let lead = 0;
  while (lead < line.length && line[lead]!.prefix) lead++;
  const prefix = line.slice(0, lead);
  const room = Math.max(8, width - prefix.reduce((n, p) => n + p.text.length, 0));
  const rows: MarkdownPiece[][] = [[]];
  let used = 0;
  const put = (piece: MarkdownPiece, text: string) => {
    const row = rows[rows.length - 1]!;
    const last = row[row.length - 1];
    const { text: _, ...style } = piece;
    if (
      last &&
      last.tone === piece.tone &&
      last.bold === piece.bold &&
      last.italic === piece.italic &&
      last.strike === piece.strike
    )
      row[row.length - 1] = { ...last, text: last.text + text };
    else row.push({ ...style, text });
    used += text.length;
  };
  const next = () => {
    rows.push([]);
    used = 0;
  };
  for (const piece of line.slice(lead)) {
    for (const word of piece.text.replace(/\t/g, "  ").match(/\s+|\S+/g) ?? []) {
      if (/^\s/.test(word)) {
        // Spaces where a line breaks are dropped; a code line's own indent at its start is kept.
        if (used + word.length > room) next();
        else if (used > 0 || rows.length === 1) put(piece, word);
        continue;
      }
      if (used + word.length > room && used > 0) next();
      for (let at = 0; at < word.length; ) {
        if (used >= room) next();
        const take = word.slice(at, at + room - used);
        put(piece, take);
        at += take.length;
      }
    }
  }
  for (const row of rows) {
    const last = row[row.length - 1];
    if (last && /\s$/.test(last.text)) {
      const text = last.text.replace(/\s+$/, "");
      if (text === "") row.pop();
      else row[row.length - 1] = { ...last, text };
    }
  }
  const continued = prefix.map((p) => (p.tone === "quote" ? p : { ...p, text: " ".repeat(p.text.length) }));
  return rows.map((row, i) => [...(i === 0 ? prefix : continued), ...row]);
}
