import { describe, expect, it } from "vitest";
import { keyAction } from "./keymap.js";

describe("keyAction", () => {
  it("maps the review keys as the terminal does, and ignores keys typed into a text box", () => {
    expect(
      ["j", "k", "n", "p", "]", "[", "N", "P", "c", "r", "s", "t", "?", "q", "Escape"].map((key) =>
        keyAction({ key, targetTag: "DIV" }),
      ),
    ).toEqual([
      "down",
      "up",
      "nextFile",
      "prevFile",
      "nextHunk",
      "prevHunk",
      "nextThread",
      "prevThread",
      "comment",
      "resolve",
      "release",
      "findFile",
      "help",
      "close",
      "close",
    ]);
    expect(keyAction({ key: "j", targetTag: "TEXTAREA" })).toBeNull();
    expect(keyAction({ key: "c", ctrlKey: true, targetTag: "DIV" })).toBeNull();
    // Keys only the terminal binds do nothing in the browser.
    expect(keyAction({ key: "v", targetTag: "DIV" })).toBeNull();
  });
});
