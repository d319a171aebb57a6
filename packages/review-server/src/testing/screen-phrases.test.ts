import { describe, expect, it } from "vitest";
import { notShownWhole, shownWhole } from "./screen-phrases.js";

describe("reading a sentence off a captured screen", () => {
  it("counts a sentence on one line or wrapped at its words, and not one cut at an edge or broken inside a box", () => {
    const screen = [
      "Review · main · 2 files · all changes · 0 waiting on you · 1 draft · 0 of 2",
      "viewed · unified",
      "│ src/app.ts    │   12 + const x = 1;",
      "│ ⋯ set BROWSER to ch",
      "  ┃ line 9 · waiting on you ·  │ Keys · Escape",
      "  ┃   ● new                    │ closes",
    ].join("\n");
    expect(shownWhole(screen, "0 of 2 viewed · unified")).toBe(true);
    expect(shownWhole(screen, "all changes")).toBe(true);
    expect(shownWhole(screen, "set BROWSER to choose")).toBe(false);
    expect(shownWhole(screen, "waiting on you · ● new")).toBe(true);
    expect(shownWhole(screen, "Keys · Escape closes")).toBe(true);
    expect(shownWhole(screen, "Keys · Escape cancels")).toBe(false);
    expect(shownWhole(screen, "ain · 2 files")).toBe(false);
    expect(notShownWhole(screen, ["1 draft", "2 drafts"])).toEqual(["2 drafts"]);
  });
});
