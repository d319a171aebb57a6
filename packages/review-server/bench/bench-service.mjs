// The service's TypeScript bundled with esbuild for a benchmark (core inlined from its source), beside
// node_modules so the bundle's external imports (better-sqlite3, kysely, ...) resolve as installed: a bench
// then measures the sources as they are, needing only the installed dependencies.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Bundles `exports` (lines like `export { openStore } from "./src/store/index.ts";`, paths from the
 * package's root) into a folder of its own under node_modules and imports it; `external` names more packages
 * to leave as imports (devDependencies such as esbuild). `remove()` deletes the folder.
 * @example const { module, dir, remove } = await bundleService("list-threads", ['export { openStore } from "./src/store/index.ts";']);
 */
export async function bundleService(name, exports, { external = [] } = {}) {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  const dir = await mkdtemp(join(root, "node_modules", `.bench-${name}-`));
  await build({
    stdin: { contents: exports.join("\n"), resolveDir: root, loader: "ts" },
    alias: { "@opencode-review/core": join(root, "..", "review-core", "src", "index.ts") },
    outfile: join(dir, "service.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [
      ...Object.keys(manifest.dependencies).flatMap((dep) => [dep, `${dep}/*`]),
      "bun:*",
      "@opencode-ai/plugin",
      ...external,
    ],
    logLevel: "warning",
  });
  const module = await import(pathToFileURL(join(dir, "service.mjs")).href);
  return { module, dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
