import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ReviewError } from "@opencode-review/core";

/** The folder a demo round lives in: `base`, `round1` or `round2` under the demo repository's folder. */
export type DemoRound = "base" | "round1" | "round2";

const isDemoFolder = (dir: string): boolean => existsSync(join(dir, "base")) && existsSync(join(dir, "round1"));

/**
 * Finds the demo repository's source folders: `demo-repo/` beside the built CLI (the build copies it
 * there, so an installed package has it), else `examples/demo-repo` of the workspace the code runs from.
 * @example findDemoRepoFolder(import.meta.url) // "/app/node_modules/opencode-review/dist/demo-repo"
 */
export function findDemoRepoFolder(from: string | URL = import.meta.url): string {
  const start = dirname(fileURLToPath(from));
  const beside = join(start, "demo-repo");
  if (isDemoFolder(beside)) return beside;
  // Running from source (tests, tsx): walk up to the workspace root that holds examples/.
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, "examples", "demo-repo");
    if (isDemoFolder(candidate)) return candidate;
    if (dirname(dir) === dir) break;
  }
  throw new ReviewError(
    "not_found",
    `The demo repository's files are missing (looked for demo-repo/ beside ${start} and examples/demo-repo above it). Rebuild with pnpm build.`,
  );
}
