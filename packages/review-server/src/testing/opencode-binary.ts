import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Finds the real opencode executable: `$OPENCODE_BIN` when set, else the `opencode-ai` package's binary.
 *
 * @example
 * spawn(opencodeBinary(), ["--version"]);
 */
export function opencodeBinary(): string {
  const fromEnv = process.env.OPENCODE_BIN;
  if (fromEnv) return fromEnv;
  // Resolved through the package, not node_modules/.bin: the .bin entry is a shell wrapper that
  // pnpm may lay out differently, while the package's own "bin" field names the executable.
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("opencode-ai/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.opencode;
  if (!relative) throw new Error(`opencode-ai at ${manifestPath} declares no opencode binary`);
  const binary = join(dirname(manifestPath), relative);
  if (!existsSync(binary)) throw new Error(`opencode binary missing at ${binary}; reinstall opencode-ai`);
  return binary;
}
