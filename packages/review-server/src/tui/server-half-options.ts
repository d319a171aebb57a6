import { parsePluginOptions } from "../opencode/plugin-options.js";

const PACKAGE = "opencode-review";

/**
 * The package a plugin specifier names: `opencode-review`, `opencode-review@1.2.0`, `opencode-review@file:/x.tgz`,
 * a folder `/abs/node_modules/opencode-review` (or its file:// URL), or a packed `opencode-review-0.1.0.tgz`.
 * @example packageOf("file:///tmp/p/node_modules/opencode-review/") // "opencode-review"
 */
function packageOf(spec: string): string {
  const bare = spec.replace(/^file:\/\//, "").replace(/\/+$/, "");
  if (bare.startsWith("/") || bare.startsWith(".") || /^[A-Za-z]:[\\/]/.test(bare)) {
    const last = bare.split(/[\\/]/).pop() ?? "";
    return last.replace(/-\d+\.\d+\.\d+[^/]*\.tgz$/, "").replace(/\.tgz$/, "");
  }
  // A scope's @ leads; the version's @ follows the name.
  const at = bare.indexOf("@", 1);
  return at === -1 ? bare : bare.slice(0, at);
}

/**
 * What the server half refused in its options from opencode.json (the same message its log line has), found in
 * the config opencode hands the terminal half, or null when its entry is absent or its options are fine.
 * @example serverHalfProblem([["opencode-review", { port: "x" }]], "opencode-review", "/repo") // "opencode-review: bad plugin options in opencode.json: port: ..."
 */
export function serverHalfProblem(plugins: unknown, spec: string, directory: string): string | null {
  if (!Array.isArray(plugins)) return null;
  for (const entry of plugins as unknown[]) {
    const [name, options] =
      typeof entry === "string"
        ? [entry, undefined]
        : Array.isArray(entry) && typeof entry[0] === "string"
          ? [entry[0] as string, entry[1]]
          : [null, undefined];
    if (name === null || (name !== spec && packageOf(name) !== PACKAGE)) continue;
    const parsed = parsePluginOptions(options ?? {}, directory);
    return parsed.ok ? null : parsed.message;
  }
  return null;
}
