import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { equalIgnoringWhitespace, squashWhitespace } from "./ignore-whitespace.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";

describe("ignoring whitespace", () => {
  test.each([
    { a: "  return x;", b: "\treturn x;", equal: true },
    { a: "return x;\r", b: "return x;", equal: true },
    { a: "a b", b: "ab", equal: true },
    { a: "", b: " \t ", equal: true },
    { a: "return x;", b: "return y;", equal: false },
    { a: "return x;", b: "return x;;", equal: false },
    { a: "x\u00a0=\u30001", b: "x=1", equal: true },
  ])("$a vs $b", ({ a, b, equal }) => {
    expect(equalIgnoringWhitespace(a, b)).toBe(equal);
    expect(squashWhitespace(a) === squashWhitespace(b)).toBe(equal);
  });

  test("the in-place comparison agrees with squashing, on any text", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "b", " ", "\t", "\r", "\n", "\u00a0", "\u2003", "\ufeff", "\u200b"),
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(equalIgnoringWhitespace(a, b)).toBe(squashWhitespace(a) === squashWhitespace(b));
      }),
      { numRuns: 2000, seed: SEED },
    );
  });
});
