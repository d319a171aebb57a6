import { describe, expect, it } from "vitest";
import { renderChangeNotice } from "./render-change-notice.js";

describe("renderChangeNotice", () => {
  it("names the file and the lines in plain words", () => {
    expect(renderChangeNotice({ kind: "undo", file: "src/a.ts", start: 10, end: 14 })).toBe(
      "The person undid your change to src/a.ts lines 10–14: leave it undone unless asked.",
    );
    expect(renderChangeNotice({ kind: "undo", file: "src/a.ts", start: 3, end: 3 })).toBe(
      "The person undid your change to src/a.ts line 3: leave it undone unless asked.",
    );
    expect(renderChangeNotice({ kind: "undo", file: "gone.txt", start: null, end: null })).toBe(
      "The person undid your change to gone.txt: leave it undone unless asked.",
    );
    expect(renderChangeNotice({ kind: "undo", file: "src/b.ts", oldPath: "src/a.ts", start: null, end: null })).toBe(
      "The person undid your renaming of src/a.ts to src/b.ts and its edits (src/a.ts is back as it was): leave it undone unless asked.",
    );
    expect(renderChangeNotice({ kind: "apply", file: "b.ts", start: 2, end: 4 })).toBe(
      "The person applied a suggestion to b.ts lines 2–4: keep it unless asked.",
    );
  });
});
