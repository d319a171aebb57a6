import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "opencode-review";

/**
 * The version of the opencode-review package this code was loaded from. Found by walking up from this
 * module to the package's own package.json, so it holds from `src/` (tests), from `dist/` (tsc output)
 * and from the esbuild bundles `dist/plugin.js` and `dist/cli.js`, under Node and Bun alike.
 * @example packageVersion() // "0.1.0"
 */
export function packageVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === "string") return manifest.version;
    } catch {
      // No package.json here, or not one we can read: keep climbing.
    }
    const parent = dirname(dir);
    // Health must answer even from an unusual install; "unknown" says so without failing the route.
    if (parent === dir) return "unknown";
    dir = parent;
  }
}
