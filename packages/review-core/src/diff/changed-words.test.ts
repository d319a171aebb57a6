import { describe, expect, it } from "vitest";
import { changedWords, hunkWithWords } from "./changed-words.js";
import type { Hunk } from "./types.js";

const pick = (text: string, ranges: readonly (readonly [number, number])[] | undefined) =>
  (ranges ?? []).map(([s, e]) => text.slice(s, e));

describe("changedWords", () => {
  it("marks the word that changed on each side, and nothing else", () => {
    const a = "  const total = price * qty;";
    const b = "  const total = price * quantity;";
    const words = changedWords(a, b);
    expect(pick(a, words?.old)).toEqual(["qty"]);
    expect(pick(b, words?.new)).toEqual(["quantity"]);
  });

  it("never cuts a word in two: a changed suffix marks the whole word", () => {
    const words = changedWords("let counter = 1;", "let counters = 1;");
    expect(pick("let counter = 1;", words?.old)).toEqual(["counter"]);
    expect(pick("let counters = 1;", words?.new)).toEqual(["counters"]);
  });

  it("takes offsets in UTF-16 units", () => {
    const a = "note: 😀 café ok";
    const b = "note: 😀 cafe ok";
    const words = changedWords(a, b);
    expect(pick(a, words?.old)).toEqual(["café"]);
    expect(pick(b, words?.new)).toEqual(["cafe"]);
  });

  it("does not pair lines that share too little to be an edit", () => {
    expect(changedWords("import { a } from './a';", "export default function main() {}")).toBeNull();
  });

  it("marks an added tail", () => {
    const words = changedWords("call(a)", "call(a, b)");
    expect(words?.old).toEqual([]);
    expect(pick("call(a, b)", words?.new)).toEqual([", b"]);
  });
});

describe("hunkWithWords", () => {
  const line = (kind: "add" | "del" | "ctx", text: string) => ({ kind, old: null, new: null, text });
  const hunk = (lines: Hunk["lines"]): Hunk => ({ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines });

  it("pairs a run of deleted lines with the added lines after it, in order", () => {
    const out = hunkWithWords(
      hunk([
        line("ctx", "a"),
        line("del", "const x = 1;"),
        line("del", "const y = 2;"),
        line("add", "const x = 10;"),
        line("add", "const y = 20;"),
        line("add", "const z = 30;"),
      ]),
    );
    const words = out.lines.map((l) => pick(l.text, l.words));
    expect(words).toEqual([[], ["1"], ["2"], ["10"], ["20"], []]);
    expect(out.lines[5]!.words).toBeUndefined();
  });

  it("leaves an unlike pair and added lines with no deletion before them unmarked", () => {
    const out = hunkWithWords(
      hunk([line("add", "const a = 1;"), line("del", "return left + right;"), line("add", "}")]),
    );
    expect(out.lines.every((l) => l.words === undefined)).toBe(true);
  });
});
