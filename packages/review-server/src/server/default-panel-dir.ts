import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where the built panel is: `./panel` beside the esbuild bundles (`dist/cli.js`, `dist/plugin.js`), or
 * `../panel` from tsc's `dist/server/` and from the bundles' chunks in `dist/chunks/`. The first that exists wins; otherwise the first, so the panel
 * route's "not built" page names a sensible place.
 * @example defaultPanelDir() // "/…/node_modules/opencode-review/dist/panel/"
 */
export function defaultPanelDir(from: string = import.meta.url): string {
  const candidates = [fileURLToPath(new URL("./panel/", from)), fileURLToPath(new URL("../panel/", from))];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}
