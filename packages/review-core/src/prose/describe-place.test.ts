import { describe, expect, it } from "vitest";
import { describePlace, type PlaceForm, type PlaceOf } from "./describe-place.js";

// Written on lines 12-14; the code moved since, so the lines are 20-22 now.
const moved: PlaceOf = {
  file: "src/a.ts",
  side: "new",
  start: 12,
  end: 14,
  anchor: { state: "moved", start: 20, end: 22 },
};
const oneLine: PlaceOf = {
  file: "src/a.ts",
  side: "new",
  start: 6,
  end: 6,
  anchor: { state: "current", start: 6, end: 6 },
};
const deleted: PlaceOf = {
  file: "src/a.ts",
  side: "old",
  start: 3,
  end: 4,
  anchor: { state: "current", start: 3, end: 4 },
};
const deletedOne: PlaceOf = { ...deleted, end: 3, anchor: { state: "current", start: 3, end: 3 } };
const whole: PlaceOf = {
  file: "src/a.ts",
  side: "new",
  start: null,
  end: null,
  anchor: { state: "current", start: null, end: null },
};
const renamed: PlaceOf = {
  file: "src/util.ts",
  side: "new",
  start: 2,
  end: 2,
  anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" },
};
// A new comment's target: no anchor, so its lines are the ones given.
const target: PlaceOf = { file: "src/app.ts", side: "new", start: 3, end: 5 };

describe("describePlace, the one place-in-words", () => {
  it.each<[string, PlaceOf, PlaceForm | undefined, string]>([
    // For a model (review_list, review_reply, review_open, the forge's body): the default.
    ["a moved range, where it is now", moved, undefined, "src/a.ts:20-22"],
    ["one line", oneLine, undefined, "src/a.ts:6"],
    ["deleted lines, said in full", deleted, undefined, "src/a.ts, deleted lines 3-4 of the base"],
    ["one deleted line", deletedOne, undefined, "src/a.ts, deleted line 3 of the base"],
    ["the whole file", whole, undefined, "src/a.ts (whole file)"],
    [
      "a renamed file, by its path now and where it was",
      renamed,
      undefined,
      "src/helpers.ts:2 (renamed from src/util.ts)",
    ],
    ["where it was written", moved, { at: "written" }, "src/a.ts:12-14"],
    // The release's prose, as a clause after the file's name.
    ["the lines alone, for a model", moved, { file: false }, "lines 20-22"],
    [
      "deleted lines alone, for a model",
      deleted,
      { file: false },
      "lines 3-4 of the base version, which your change deletes",
    ],
    ["the whole file alone, for a model", whole, { file: false }, "the whole file"],
    // The terminal: the editor's title, its status line, the agent's toast; and a thread's heading under its file.
    ["a new comment's target in the terminal", target, { for: "terminal" }, "src/app.ts:3-5"],
    ["deleted lines in the terminal", deleted, { for: "terminal" }, "src/a.ts:3-4 (deleted)"],
    ["the whole file in the terminal", whole, { for: "terminal" }, "src/a.ts (whole file)"],
    ["a renamed file in the terminal, by its path now only", renamed, { for: "terminal" }, "src/helpers.ts:2"],
    ["a heading where the thread was written", moved, { for: "terminal", file: false, at: "written" }, "lines 12-14"],
    ["a heading on one deleted line", deletedOne, { for: "terminal", file: false }, "line 3 (deleted)"],
    ["a heading on the whole file", whole, { for: "terminal", file: false }, "whole file"],
    // The web panel: typeset dashes, deleted said first.
    ["lines in the web panel", moved, { for: "web", file: false }, "lines 20–22"],
    ["deleted lines in the web panel", deleted, { for: "web", file: false }, "deleted lines 3–4"],
    ["one line in the web panel", oneLine, { for: "web", file: false }, "line 6"],
    ["the whole file in the web panel", whole, { for: "web", file: false }, "whole file"],
    ["a path and lines in the web panel", deleted, { for: "web" }, "src/a.ts, deleted lines 3–4"],
  ])("%s", (_name, place, form, words) => {
    expect(describePlace(place, form)).toBe(words);
  });

  it("keeps the written place of a thread whose lines are gone, so the quote can still be found", () => {
    const gone: PlaceOf = { ...moved, anchor: { state: "outdated", start: null, end: null } };
    expect(describePlace(gone)).toBe("src/a.ts:12-14");
    expect(describePlace(gone, { for: "web", file: false })).toBe("lines 12–14");
  });
});
