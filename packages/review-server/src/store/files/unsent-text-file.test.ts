import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_UNSENT_TEXT_BYTES, unsentTextFile } from "./unsent-text-file.js";

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

  it("never reads or writes through a symlink in its place: the file it points at stays as it was", () => {
    const outside = join(mkdtempSync(join(tmpdir(), "unsent-outside-")), "notes.json");
    writeFileSync(outside, '{"k":"the person\'s own notes"}');
    const dbPath = join(mkdtempSync(join(tmpdir(), "unsent-file-")), "review.sqlite");
    const file = unsentTextFile(dbPath);
    symlinkSync(outside, file.path);
    expect(file.getItem("k")).toBeNull();
    file.setItem("j", "typed");
    expect(readFileSync(outside, "utf8")).toBe('{"k":"the person\'s own notes"}');
    expect(lstatSync(file.path).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file.path, "utf8"))).toEqual({ j: "typed" });
  });

  it("takes the place of a folder of that name without EISDIR, and leaves no temporary file", () => {
    const folder = mkdtempSync(join(tmpdir(), "unsent-file-"));
    const file = unsentTextFile(join(folder, "review.sqlite"));
    mkdirSync(join(file.path, "inside"), { recursive: true });
    expect(file.getItem("k")).toBeNull();
    file.setItem("k", "v");
    expect(file.getItem("k")).toBe("v");
    expect(readdirSync(folder)).toEqual(["unsent-text.json"]);
  });

  it("does not read a file past its bound (a 20 MB one cost every key press a whole read and write) and starts it afresh", () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), "unsent-file-")), "review.sqlite");
    const file = unsentTextFile(dbPath);
    writeFileSync(file.path, JSON.stringify({ big: "x".repeat(20 * 1024 * 1024) }));
    expect(file.getItem("big")).toBeNull();
    file.setItem("k", "v");
    expect(statSync(file.path).size).toBeLessThan(100);
    expect(JSON.parse(readFileSync(file.path, "utf8"))).toEqual({ k: "v" });
    // Entries written long ago give way to the newest once the bound is reached.
    const chunk = "y".repeat(MAX_UNSENT_TEXT_BYTES / 4);
    for (const key of ["a", "b", "c", "d", "e"]) file.setItem(key, chunk);
    expect(statSync(file.path).size).toBeLessThanOrEqual(MAX_UNSENT_TEXT_BYTES);
    expect([file.getItem("k"), file.getItem("a"), file.getItem("e")]).toEqual([null, null, chunk]);
  });
});
