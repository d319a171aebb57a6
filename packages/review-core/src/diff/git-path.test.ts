import { describe, expect, it } from "vitest";
import { readQuotedGitPath, unquoteGitPath } from "./git-path.js";

describe("unquoteGitPath", () => {
  it("returns an unquoted path as it is, spaces and all", () => {
    expect(unquoteGitPath("src/with space.ts")).toBe("src/with space.ts");
    expect(unquoteGitPath("end ")).toBe("end ");
  });

  it("decodes runs of octal escapes as UTF-8", () => {
    expect(unquoteGitPath(String.raw`"caf\303\251.txt"`)).toBe("café.txt");
    expect(unquoteGitPath(String.raw`"\360\237\230\200.md"`)).toBe("😀.md");
    expect(unquoteGitPath(String.raw`"\346\227\245\346\234\254/\303\251"`)).toBe("日本/é");
  });

  it("decodes the C escapes git writes", () => {
    expect(unquoteGitPath(String.raw`"a\tb\nc\"d\\e\af\bg\vh\fi\rj"`)).toBe('a\tb\nc"d\\e\x07f\bg\vh\fi\rj');
  });

  it("marks bytes that are not UTF-8 instead of inventing characters", () => {
    expect(unquoteGitPath(String.raw`"caf\351.txt"`)).toBe("caf\uFFFD.txt");
  });

  it("leaves a string that is not one whole quoted path alone", () => {
    expect(unquoteGitPath('"unterminated')).toBe('"unterminated');
    expect(unquoteGitPath('"a" "b"')).toBe('"a" "b"');
  });
});

describe("readQuotedGitPath", () => {
  it("reads one quoted path and says how long it was", () => {
    const header = String.raw`"a/x\ty" "b/x\ty"`;
    expect(readQuotedGitPath(header, 0)).toEqual({ path: "a/x\ty", length: 8 });
    expect(readQuotedGitPath(header, 9)).toEqual({ path: "b/x\ty", length: 8 });
    expect(readQuotedGitPath("plain", 0)).toBeNull();
  });
});
