// docs/terminal.md is the reference a person reads; every key the terminal half binds must be in its table,
// worded as `?` shows it, so the page cannot fall behind the keymap.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TERMINAL_KEYS } from "./terminal-keys.js";

const page = readFileSync(join(import.meta.dirname, "..", "..", "..", "..", "docs", "terminal.md"), "utf8");

describe("docs/terminal.md", () => {
  it("lists every key the terminal half binds, as its help shows it", () => {
    const listed = TERMINAL_KEYS.filter((k) => k.label !== "");
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((k) => !page.includes(`| \`${k.label}\` | ${k.does} |`)).map((k) => k.label)).toEqual([]);
  });
});
