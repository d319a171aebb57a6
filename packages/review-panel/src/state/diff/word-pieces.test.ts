import { describe, expect, it } from "vitest";
import { cutAtWords } from "./word-pieces.js";

const shape = (pieces: ReturnType<typeof cutAtWords>) => pieces.map((p) => [p.text, p.changed]);

describe("cutAtWords", () => {
  it("cuts the whole line at a changed word", () => {
    expect(shape(cutAtWords([{ text: "a = qty;" }], [[4, 7]]))).toEqual([
      ["a = ", false],
      ["qty", true],
      [";", false],
    ]);
  });

  it("cuts syntax tokens across a word's edges, keeping each token's colour", () => {
    const tokens = [
      { text: "const ", c: "k" },
      { text: "total", c: "v" },
      { text: " = qty", c: "p" },
    ];
    const pieces = cutAtWords(tokens, [
      [8, 11],
      [14, 17],
    ]);
    expect(pieces.map((p) => [p.text, p.changed, p.piece.c])).toEqual([
      ["const ", false, "k"],
      ["to", false, "v"],
      ["tal", true, "v"],
      [" = ", false, "p"],
      ["qty", true, "p"],
    ]);
  });

  it("leaves a line without words as it is", () => {
    expect(shape(cutAtWords([{ text: "x" }], undefined))).toEqual([["x", false]]);
  });
});
