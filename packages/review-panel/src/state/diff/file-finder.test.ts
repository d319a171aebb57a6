import { describe, expect, it } from "vitest";
import { findFiles } from "./file-finder.js";

const paths = ["README.md", "src/app.ts", "src/lib/math.ts", "src/new-name.ts", "docs/guide.md", "assets/logo.png"];

describe("findFiles", () => {
  it("lists every file in its order for an empty query", () => {
    expect(findFiles(paths, "  ").map((f) => f.path)).toEqual(paths);
  });

  it("ranks letters typed in order anywhere in the path, best first, and marks the matched letters", () => {
    const found = findFiles(paths, "nwnm");
    expect(found[0]!.path).toBe("src/new-name.ts");
    expect(
      found[0]!.pieces
        .filter((p) => p.matched)
        .map((p) => p.text)
        .join(""),
    ).toBe("nwnm");
    expect(found[0]!.pieces.map((p) => p.text).join("")).toBe("src/new-name.ts");
    expect(findFiles(paths, "math")[0]!.path).toBe("src/lib/math.ts");
  });

  it("matches words separated by spaces in any order, as GitHub's finder does", () => {
    expect(findFiles([...paths, "src/app.test.ts"], "test app").map((f) => f.path)).toEqual(["src/app.test.ts"]);
  });

  it("finds nothing when the letters are not in any path in that order", () => {
    expect(findFiles(paths, "zzq")).toEqual([]);
  });
});
