import { describe, expect, it } from "vitest";
import { markdownLines, terminalSafe, wrapLine } from "./markdown-lines.js";

const plain = (body: string) => markdownLines(body).map((line) => line.map((p) => p.text).join(""));

describe("comment bodies as Markdown in the terminal", () => {
  it("draws bold, italics and code spans as styles, not as their marks, and a link as its text and address", () => {
    const [line] = markdownLines("Use **bold** and _it_ with `a<b` see [docs](https://example.com/x)");
    expect(line!.map((p) => p.text).join("")).toBe("Use bold and it with a<b see docs (https://example.com/x)");
    expect(line!.find((p) => p.text === "bold")).toMatchObject({ bold: true });
    expect(line!.find((p) => p.text === "it")).toMatchObject({ italic: true });
    expect(line!.find((p) => p.text === "a<b")).toMatchObject({ tone: "code" });
    expect(line!.find((p) => p.text === "docs")).toMatchObject({ tone: "link" });
  });

  it("lays out lists, quotes and fenced code as lines, and keeps the body's own line breaks", () => {
    expect(
      plain("first\nsecond\n\n- one\n- two **b**\n\n1. a\n2. b\n\n> said\n\n```ts\nconst a = 1;\n  indented\n```"),
    ).toEqual(["first", "second", "• one", "• two b", "1. a", "2. b", "│ said", "  const a = 1;", "    indented"]);
    expect(markdownLines("```\nx\n```")[0]!.at(-1)).toMatchObject({ text: "x", tone: "code" });
  });

  it("shows raw HTML as written and nests a list in a list", () => {
    expect(plain("<img src=x onerror=alert(1)> hi")).toEqual(["<img src=x onerror=alert(1)> hi"]);
    expect(plain("- outer\n  - inner")).toEqual(["• outer", "  • inner"]);
  });

  it("lets no control sequence through: OSC 52 (clipboard), CSI 2J (clear), bare ESC, C1 and other controls", () => {
    const body = "a\u001b]52;c;ZXZpbA==\u0007b\u001b[2Jc\u001b]0;title\u001b\\d\u009b31me\u0007\u0000f\u001bcg";
    expect(terminalSafe(body)).toBe("abcdefg");
    const drawn = plain(`**x**${body}`).join("\n");
    expect(drawn).toBe("xabcdefg");
    expect(drawn).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it("wraps a line at words, cuts a word longer than a line, and keeps list indents and quote bars on the lines after", () => {
    const rows = (body: string, width: number) =>
      wrapLine(markdownLines(body)[0]!, width).map((r) => r.map((p) => p.text).join(""));
    expect(rows("- one two three four", 11)).toEqual(["• one two", "  three", "  four"]);
    expect(rows("> alpha beta gamma", 12)).toEqual(["│ alpha beta", "│ gamma"]);
    expect(rows("abcdefghijklmnopqrst", 8)).toEqual(["abcdefgh", "ijklmnop", "qrst"]);
    expect(rows("```\n    indented code\n```", 40)).toEqual(["      indented code"]);
  });
});
