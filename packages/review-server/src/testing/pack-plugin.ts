import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { runCommand } from "./run-command.js";

const serverPackage = fileURLToPath(new URL("../..", import.meta.url));
const workspace = fileURLToPath(new URL("../../../..", import.meta.url));

let packed: Promise<string> | undefined;
const fixtures = new Map<string, Promise<string>>();

async function packInto(packageDir: string): Promise<string> {
  const destination = mkdtempSync(join(tmpdir(), "opencode-review-pack-"));
  await runCommand("pnpm", ["pack", "--pack-destination", destination], packageDir);
  const tarball = readdirSync(destination).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${destination}`);
  return join(destination, tarball);
}

/**
 * Packs the `opencode-review` package as users get it, once per process, and returns the tarball path.
 * Packing bundles the plugin and CLI (the `prepack` script); the panel is built first only when
 * `dist/panel` is missing, so a stale panel can ship in tests (they do not look at it).
 *
 * @example
 * const project = makeOpencodeProject({ plugins: [`opencode-review@file:${await packPlugin()}`], fakeModelUrl });
 */
export function packPlugin(): Promise<string> {
  packed ??= (async () => {
    if (!existsSync(join(serverPackage, "dist/panel/index.html"))) {
      await runCommand("pnpm", ["--filter", "@opencode-review/panel", "build"], workspace);
    }
    // A fresh folder per process: opencode caches installed plugins by their specifier, so
    // the same path with new contents would silently keep running the old build.
    return packInto(serverPackage);
  })();
  return packed;
}

/**
 * Bundles a fixture plugin from `src/testing/fixtures/<name>.ts` into a tiny package and packs it,
 * once per process; returns `{ name, tarball }` for `"<name>@file:<tarball>"` in opencode.json.
 *
 * @example
 * const probe = await packFixturePlugin("probe-plugin");
 * makeOpencodeProject({ plugins: [`${probe.name}@file:${probe.tarball}`], fakeModelUrl });
 */
export async function packFixturePlugin(fixture: string): Promise<{ readonly name: string; readonly tarball: string }> {
  const name = `opencode-review-fixture-${fixture}`;
  let tarball = fixtures.get(fixture);
  if (!tarball) {
    tarball = (async () => {
      const dir = mkdtempSync(join(tmpdir(), `opencode-review-fixture-`));
      mkdirSync(join(dir, "dist"));
      // Everything is inlined (zod too), so installing the fixture never reaches a registry.
      await build({
        entryPoints: [fileURLToPath(new URL(`./fixtures/${fixture}.ts`, import.meta.url))],
        outfile: join(dir, "dist/index.js"),
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "warning",
      });
      const manifest = {
        name,
        version: "0.0.0",
        type: "module",
        main: "./dist/index.js",
        exports: { ".": "./dist/index.js", "./server": "./dist/index.js" },
        files: ["dist"],
      };
      writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      return packInto(dir);
    })();
    fixtures.set(fixture, tarball);
  }
  return { name, tarball: await tarball };
}
