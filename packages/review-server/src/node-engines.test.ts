// The README promises Node 20: installing the package as a user does (npm, the packed tarball, from the
// registry) must not warn that any package it brings needs a newer Node. CI runs this under Node 20.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packPlugin } from "./testing/pack-plugin.js";
import { runCommand } from "./testing/run-command.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe(`npm install of the packed package under Node ${process.versions.node}`, () => {
  it("prints no engine warning for the package or anything it depends on", async () => {
    const tarball = await packPlugin();
    const dir = mkdtempSync(join(tmpdir(), "opencode-review-engines-"));
    dirs.push(dir);
    // Scripts off: the engine check happens while npm resolves the tree; building better-sqlite3 adds nothing to it.
    const output = await runCommand(
      "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=warn", "--prefix", dir, tarball],
      dir,
    );
    expect(output).toMatch(/added \d+ packages?/);
    expect(output).not.toMatch(/EBADENGINE|Unsupported engine|engine/i);
  }, 300_000);
});
