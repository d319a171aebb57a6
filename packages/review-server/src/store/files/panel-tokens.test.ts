import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPanelToken, removePanelToken, writePanelToken } from "./panel-tokens.js";

const URL = "http://127.0.0.1:4321";

function storeFolder(): string {
  const folder = join(mkdtempSync(join(tmpdir(), "panel-tokens-")), "opencode-review");
  mkdirSync(folder, { mode: 0o700 });
  return folder;
}

describe("panel token files beside the store", () => {
  it("never writes a token through a panel-tokens symlink, nor changes the mode of the folder it points at", () => {
    const folder = storeFolder();
    const outside = mkdtempSync(join(tmpdir(), "panel-tokens-outside-"));
    chmodSync(outside, 0o755);
    writeFileSync(join(outside, "127.0.0.1%3A4321.token"), "planted");
    symlinkSync(outside, join(folder, "panel-tokens"));
    // Not read through the link either.
    expect(readPanelToken(join(folder, "review.sqlite"), URL)).toBeNull();

    const replaced = writePanelToken(join(folder, "review.sqlite"), URL, "secret-token");
    expect(replaced).toMatch(/panel-tokens was a symlink, not a folder; it was replaced by a private folder/);
    expect(readdirSync(outside)).toEqual(["127.0.0.1%3A4321.token"]);
    expect(statSync(outside).mode & 0o777).toBe(0o755);
    expect(lstatSync(join(folder, "panel-tokens")).isDirectory()).toBe(true);
    expect(statSync(join(folder, "panel-tokens")).mode & 0o777).toBe(0o700);
    expect(readPanelToken(join(folder, "review.sqlite"), URL)).toBe("secret-token");
  });

  it("replaces a regular file named panel-tokens instead of failing, and refuses a token file that is a symlink", () => {
    const folder = storeFolder();
    writeFileSync(join(folder, "panel-tokens"), "junk");
    expect(writePanelToken(join(folder, "review.sqlite"), URL, "t1")).toMatch(/was a regular file/);
    expect(readPanelToken(join(folder, "review.sqlite"), URL)).toBe("t1");
    expect(writePanelToken(join(folder, "review.sqlite"), URL, "t2")).toBeNull();
    expect(readPanelToken(join(folder, "review.sqlite"), URL)).toBe("t2");

    const outside = join(mkdtempSync(join(tmpdir(), "panel-tokens-outside-")), "file");
    writeFileSync(outside, "not a token of ours");
    removePanelToken(join(folder, "review.sqlite"), URL);
    symlinkSync(outside, join(folder, "panel-tokens", "127.0.0.1%3A4321.token"));
    expect(readPanelToken(join(folder, "review.sqlite"), URL)).toBeNull();
  });
});
