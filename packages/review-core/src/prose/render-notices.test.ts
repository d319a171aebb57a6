import { describe, expect, it } from "vitest";
import { fitBlock } from "./fit-block.js";
import { listFiles } from "./file-list.js";
import { renderRefusal } from "./render-refusal.js";
import { renderReleaseNotice } from "./render-release-notice.js";
import { renderSystemGuidance } from "./render-system-guidance.js";
import { renderWaitingLine } from "./render-waiting-line.js";
import { utf8Length } from "./utf8-length.js";

const files = (n: number) => Array.from({ length: n }, (_, i) => `src/f${i}.ts`);

describe("renderReleaseNotice", () => {
  it("says how many, where, and what to call", () => {
    expect(renderReleaseNotice({ count: 3, files: ["src/a.ts", "src/b.ts"] })).toBe(
      "The reviewer released 3 comments on src/a.ts, src/b.ts. Call review_list to read them, fix the code, then review_reply to each.",
    );
  });

  it("speaks of one comment in the singular", () => {
    expect(renderReleaseNotice({ count: 1, files: ["src/a.ts"] })).toBe(
      "The reviewer released 1 comment on src/a.ts. Call review_list to read it, fix the code, then review_reply to it.",
    );
  });

  it("counts the files past five", () => {
    expect(renderReleaseNotice({ count: 40, files: files(17) })).toContain(
      "on src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts and 12 more files.",
    );
  });
});

describe("renderWaitingLine", () => {
  it.each([
    [
      { count: 3, files: ["src/a.ts", "src/b.ts"] },
      "Code review: 3 threads wait for you in src/a.ts, src/b.ts (call review_list).",
    ],
    [{ count: 1, files: ["src/a.ts"] }, "Code review: 1 thread waits for you in src/a.ts (call review_list)."],
    [
      { count: 20, files: files(6) },
      "Code review: 20 threads wait for you in src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts and 1 more file (call review_list).",
    ],
  ])("%j", (waiting, line) => {
    expect(renderWaitingLine(waiting)).toBe(line);
  });

  it("is null when nothing waits, so the prompt carries no line", () => {
    expect(renderWaitingLine({ count: 0, files: [] })).toBeNull();
  });

  it("stays one short line whatever the paths", () => {
    const line = renderWaitingLine({
      count: 2000,
      files: Array.from({ length: 2000 }, (_, i) => `${"deep/".repeat(200)}f${i}.ts`),
    });
    expect(line).not.toContain("\n");
    expect(line!.length).toBeLessThan(800);
    expect(line).toContain("and 1995 more files");
  });
});

describe("listFiles", () => {
  it("names each file once", () => {
    expect(listFiles(["a.ts", "b.ts", "a.ts"])).toBe("a.ts, b.ts");
  });
});

describe("renderSystemGuidance", () => {
  it("is a few lines naming the four tools (the tour once) and the checked resolve", () => {
    const text = renderSystemGuidance();
    const lines = text.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBeLessThanOrEqual(6);
    for (const tool of ["review_list", "review_reply", "review_open"]) expect(text).toContain(tool);
    expect(text.split("review_tour").length - 1).toBe(1);
    expect(text).toMatch(/resolved: true only when/);
  });
});

describe("renderRefusal", () => {
  it("begins with the contract's words", () => {
    expect(renderRefusal("the code under the thread has not changed since the reviewer spoke.")).toBe(
      "Replied, but not resolved: the code under the thread has not changed since the reviewer spoke.",
    );
  });

  it("does not say it twice", () => {
    expect(renderRefusal("Replied, but not resolved: x")).toBe("Replied, but not resolved: x");
  });
});

describe("fitBlock", () => {
  it("returns text that fits as it is", () => {
    expect(fitBlock("a\nb", 10, "(cut)")).toBe("a\nb");
  });

  it("cuts at a line, closes an open fence, and adds the note within the limit", () => {
    const text = ["intro", "````diff", ...Array.from({ length: 50 }, (_, i) => `+line ${i}`), "````", "after"].join(
      "\n",
    );
    const out = fitBlock(text, 120, "(cut)");
    expect(utf8Length(out)).toBeLessThanOrEqual(120);
    expect(out.startsWith("intro\n````diff\n+line 0\n")).toBe(true);
    expect(out.endsWith("\n````\n(cut)")).toBe(true);
  });
});
