import { describe, expect, it } from "vitest";
import { keyAction } from "./keymap.js";

describe("keyAction", () => {
  it("maps the review shortcuts, and ignores keys typed into a text box", () => {
    expect(["j", "k", "n", "p", "c", "r", "s", "?"].map((key) => keyAction({ key, targetTag: "DIV" }))).toEqual([
      "next-thread", "prev-thread", "next-file", "prev-file", "comment", "reply", "release", "help",
    ]);
    expect(keyAction({ key: "j", targetTag: "TEXTAREA" })).toBeNull();
    expect(keyAction({ key: "c", ctrlKey: true, targetTag: "DIV" })).toBeNull();
  });
});
