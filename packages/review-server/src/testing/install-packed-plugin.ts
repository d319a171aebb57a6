import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packPlugin } from "./pack-plugin.js";
import { runCommand } from "./run-command.js";

let installed: Promise<string> | undefined;

/**
 * The packed `opencode-review` installed with npm as a user's install would lay it out, once per process;
 * returns the package folder, for listing by absolute path in both opencode.json and tui.json (opencode's
 * own install of a `file:` tarball puts it under a path its TUI half cannot resolve `@opentui/solid` from).
 * @example const plugin = await installPackedPlugin(); // ".../node_modules/opencode-review"
 */
export function installPackedPlugin(): Promise<string> {
  installed ??= (async () => {
    const tarball = await packPlugin();
    const dir = mkdtempSync(join(tmpdir(), "opencode-review-installed-"));
    // Scripts off, as opencode installs plugins: better-sqlite3 stays unbuilt and must never be needed.
    await runCommand("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", dir, tarball], dir);
    return join(dir, "node_modules", "opencode-review");
  })();
  return installed;
}
