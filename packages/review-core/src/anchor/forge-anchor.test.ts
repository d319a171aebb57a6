import { describe, expect, it } from "vitest";
import { forgeAnchor } from "./forge-anchor.js";

describe("forgeAnchor", () => {
  const text = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";

  it("quotes the commented lines with the pull request's markers and keeps three lines of context", () => {
    const anchor = forgeAnchor({
      side: "new",
      start: 4,
      end: 5,
      text,
      diffHunk: "@@ -1,4 +1,5 @@\n one\n two\n three\n+four\n five",
    });
    expect(anchor).toEqual({
      side: "new",
      start: 4,
      end: 5,
      quoted: ["+four", " five"],
      context: { before: ["one", "two", "three"], after: ["six", "seven"] },
    });
  });

  it("reads lines the hunk does not show as context, and refuses lines past the end", () => {
    expect(forgeAnchor({ side: "new", start: null, end: 2, text, diffHunk: "@@ -9 +9 @@\n+nine" })?.quoted).toEqual([
      " two",
    ]);
    expect(forgeAnchor({ side: "new", start: null, end: 8, text, diffHunk: "" })).toBeNull();
  });
});
