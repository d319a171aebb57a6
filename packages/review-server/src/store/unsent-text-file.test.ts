import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unsentTextFile } from "./unsent-text-file.js";

describe("the terminal's unsent-text file beside the store", () => {
  it("is 0600 whatever the umask, and what one opencode process writes the next one reads", () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), "unsent-file-")), "opencode-review", "review.sqlite");
    const old = process.umask(0o000);
    try {
      const first = unsentTextFile(dbPath);
      first.setItem("opencode-review:unsent:/repo\u0000main", '{"new:a.ts":{"body":"Why?"}}');
      expect(statSync(first.path).mode & 0o777).toBe(0o600);
      expect(statSync(join(dbPath, "..")).mode & 0o777).toBe(0o700);
      // Another process over the same folder: it reads the file anew and adds its own key without losing the first.
      const second = unsentTextFile(dbPath);
      expect(second.getItem("opencode-review:unsent:/repo\u0000main")).toBe('{"new:a.ts":{"body":"Why?"}}');
      second.setItem("opencode-review:unsent:/repo\u0000feature", "{}");
      expect(first.getItem("opencode-review:unsent:/repo\u0000feature")).toBe("{}");
      first.removeItem("opencode-review:unsent:/repo\u0000main");
      first.removeItem("opencode-review:unsent:/repo\u0000feature");
      // Nothing kept: no file left behind.
      expect(existsSync(first.path)).toBe(false);
    } finally {
      process.umask(old);
    }
  });

  it("reads a file cut short or edited by hand as empty, and writes a whole new one over it", () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), "unsent-file-")), "review.sqlite");
    const file = unsentTextFile(dbPath);
    writeFileSync(file.path, '{"k": "half');
    expect(file.getItem("k")).toBeNull();
    file.setItem("k", "v");
    expect(JSON.parse(readFileSync(file.path, "utf8"))).toEqual({ k: "v" });
    writeFileSync(file.path, '{"k": 3, "j": "ok"}');
    expect([file.getItem("k"), file.getItem("j")]).toEqual([null, "ok"]);
  });
});
