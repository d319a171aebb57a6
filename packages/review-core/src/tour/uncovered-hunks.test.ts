import { describe, expect, it } from "vitest";
import { parseGitDiff } from "../diff/parse-git-diff.js";
import { uncoveredHunks } from "./uncovered-hunks.js";

// a.ts: lines 2-3 replaced (new 2-3), and far below one line deleted after new line 20 (new 20 and 21 around it).
const diff = parseGitDiff(`diff --git a/a.ts b/a.ts
index 1111111..2222222 100644
--- a/a.ts
+++ b/a.ts
@@ -1,4 +1,4 @@
 one
-two
-three
+TWO
+THREE
 four
@@ -19,4 +19,3 @@
 nineteen
 twenty
-gone
 twenty-two
diff --git a/b.ts b/b.ts
index 3333333..4444444 100644
--- a/b.ts
+++ b/b.ts
@@ -5,2 +5,3 @@
 five
+added
 six
`);

describe("uncoveredHunks", () => {
  it("lists every hunk when no step touches any", () => {
    expect(uncoveredHunks(diff, [])).toEqual([
      { file: "a.ts", start: 2, end: 3 },
      { file: "a.ts", start: 20, end: 21 },
      { file: "b.ts", start: 6, end: 6 },
    ]);
  });

  it("counts a step meeting a hunk's changed lines, not its context", () => {
    expect(uncoveredHunks(diff, [{ file: "a.ts", start: 3, end: 9 }])).toHaveLength(2);
    expect(uncoveredHunks(diff, [{ file: "a.ts", start: 1, end: 1 }])).toHaveLength(3);
    expect(uncoveredHunks(diff, [{ file: "b.ts", start: 6, end: 6 }])).toEqual([
      { file: "a.ts", start: 2, end: 3 },
      { file: "a.ts", start: 20, end: 21 },
    ]);
  });

  it("counts a deletion as touched by a step on a line around it or on the whole file", () => {
    const others = [{ file: "a.ts", start: 2, end: 2 }];
    expect(uncoveredHunks(diff, [...others, { file: "a.ts", start: 21, end: 25 }])).toEqual([
      { file: "b.ts", start: 6, end: 6 },
    ]);
    expect(uncoveredHunks(diff, [...others, { file: "a.ts", start: 18, end: 20 }])).toHaveLength(1);
    expect(uncoveredHunks(diff, [...others, { file: "a.ts", start: 10, end: 19 }])).toHaveLength(2);
    expect(uncoveredHunks(diff, [{ file: "a.ts", start: null, end: null }])).toEqual([
      { file: "b.ts", start: 6, end: 6 },
    ]);
  });
});
