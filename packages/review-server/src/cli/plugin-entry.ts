import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** How opencode's "plugin" list names this package, and the command that adds it, when one can work here. */
export interface PluginEntry {
  /** What to add to "plugin" in opencode.json and tui.json. */
  readonly entry: string;
  /** `opencode plugin opencode-review` for an installed package; null from a clone (the name is not on the registry for it). */
  readonly command: string | null;
}

/**
 * The plugin entry for the package this code runs from: its name when it was installed (it sits in a
 * node_modules folder), else the package's own folder (a clone of the repository, where the name would
 * send opencode to the registry for a package that may not be published).
 * @example pluginEntry(import.meta.url) // { entry: "/home/me/opencode-review/packages/review-server", command: null }
 */
export function pluginEntry(from: string | URL = import.meta.url): PluginEntry {
  const start = dirname(fileURLToPath(from));
  if (start.split(sep).includes("node_modules"))
    return { entry: "opencode-review", command: "opencode plugin opencode-review" };
  for (let dir = start; dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && /"name":\s*"opencode-review"/.test(readFileSync(manifest, "utf8")))
      return { entry: dir, command: null };
  }
  return { entry: "opencode-review", command: "opencode plugin opencode-review" };
}
