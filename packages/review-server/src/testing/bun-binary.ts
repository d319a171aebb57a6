import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The Bun executable of the `bun` dev dependency, for tests that run code under Bun as opencode does.
 * @example execFileSync(bunBinary(), ["-e", script], { encoding: "utf8" })
 */
export function bunBinary(): string {
  const manifestPath = createRequire(import.meta.url).resolve("bun/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: Record<string, string> };
  return join(dirname(manifestPath), manifest.bin.bun ?? "bin/bun.exe");
}
