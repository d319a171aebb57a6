import { describe, expect, test } from "vitest";
import { splitLines } from "./split-lines.js";

describe("splitLines", () => {
  test.each([
    { name: "empty text has no lines", text: "", lines: [] },
    { name: "a lone newline is one empty line", text: "\n", lines: [""] },
    { name: "a final newline adds no empty line", text: "a\nb\n", lines: ["a", "b"] },
    { name: "no final newline keeps the last line", text: "a\nb", lines: ["a", "b"] },
    { name: "blank lines inside are kept", text: "a\n\n\nb\n", lines: ["a", "", "", "b"] },
    { name: "two final newlines end with one empty line", text: "a\n\n", lines: ["a", ""] },
    { name: "CRLF keeps the \\r in the line", text: "a\r\nb\r\n", lines: ["a\r", "b\r"] },
    { name: "a lone \\r does not split", text: "a\rb\n", lines: ["a\rb"] },
  ])("$name", ({ text, lines }) => {
    expect(splitLines(text)).toEqual(lines);
  });
});
