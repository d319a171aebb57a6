import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitLines } from "../diff/split-lines.js";
import { PROPERTY_SEED } from "../testing/property-seed.js";
import { squashWhitespace } from "./ignore-whitespace.js";
import { looseHash, preparePair } from "./line-pair.js";
import { lineAt } from "./text-lines.js";

/** The pair's lines as strings, and whether ids are equal exactly when lines are. */
function check(then: string, now: string): void {
  const pair = preparePair(then, now);
  const thenLines = Array.from({ length: pair.then.count }, (_, i) => lineAt(pair.then, i));
  const nowLines = Array.from({ length: pair.now.count }, (_, i) => lineAt(pair.now, i));
  expect(thenLines).toEqual(splitLines(then));
  expect(nowLines).toEqual(splitLines(now));
  const all = [...thenLines, ...nowLines];
  const ids = [...pair.thenIds, ...pair.nowIds];
  for (let i = 0; i < all.length; i++) {
    for (let j = 0; j < all.length; j++) {
      expect(ids[i] === ids[j], `${JSON.stringify(all[i])} vs ${JSON.stringify(all[j])}`).toBe(all[i] === all[j]);
    }
  }
}

describe("preparePair", () => {
  it.each([
    ["both empty", "", ""],
    ["all lines new", "a\nb\n", "c\nd\n"],
    ["no final newline on either side", "a\nb", "a\nb"],
    ["the old last line had a newline, the new one has none", "a\nb\n", "a\nb"],
    ["an old line is the start of a longer new one", "ab\nc\n", "abc\nc\n"],
    ["a longer old line than the new one", "abc\n", "ab\n"],
    ["CRLF against LF", "a\r\nb\r\n", "a\nb\n"],
    ["empty lines and repeated lines", "}\n\n}\n\n", "\n}\n}\n\n\n"],
    ["lines deleted above: reading resumes at a line the old text has once", "x\ny\nz\nw\n", "z\nw\n"],
    ["a block moved down", "a\nb\nc\nd\ne\n", "c\nd\na\nb\ne\n"],
    ["a new line equal to an old line seen twice", "}\nq\n}\n", "q\n}\nr\n}\n"],
    ["an empty old text", "", "a\n\nb"],
    ["an empty new text", "a\nb\n", ""],
    ["the same text on both sides", "a\n}\n\n}\n", "a\n}\n\n}\n"],
  ])("%s: ids are equal exactly when lines are", (_, then, now) => {
    check(then, now);
  });

  it("gives equal ids exactly to equal lines for any two texts made of a few lines", () => {
    const line = fc.constantFrom("}", "", "  }", "a", "ab", "a\r", "return null;", "b", "x = 1;");
    const text = fc
      .tuple(fc.array(line, { maxLength: 30 }), fc.boolean())
      .map(([lines, final]) => (lines.length === 0 ? "" : lines.join("\n") + (final ? "\n" : "")));
    fc.assert(
      fc.property(text, text, (then, now) => check(then, now)),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });

  it("hashes alike, on either side, every line that reads as a quoted line once whitespace is ignored", () => {
    const line = fc
      .array(fc.constantFrom("a", "b", " ", "\t", "\r", "(", "\u00a0", "\ufeff"), { maxLength: 8 })
      .map((c) => c.join(""));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.array(line, { maxLength: 12 }),
        line,
        (thenLines, nowLines, quote) => {
          const pair = preparePair(thenLines.join("\n"), nowLines.join("\n"));
          for (const [side, lines] of [
            ["then", pair.then],
            ["now", pair.now],
          ] as const) {
            const hashes = pair.loose(side);
            for (let i = 0; i < lines.count; i++) {
              if (squashWhitespace(lineAt(lines, i)) === squashWhitespace(quote))
                expect(hashes[i]).toBe(looseHash(quote));
            }
          }
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });
});
