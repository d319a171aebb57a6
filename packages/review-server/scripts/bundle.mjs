#!/usr/bin/env node
// Bundles the runtime entries (the opencode plugin's server and terminal halves, and the CLI) into dist/, inlining the
// unpublished @opencode-review/core and anything else not declared as a runtime dependency,
// so the packed tarball installs from npm alone. tsc still runs first for types and declarations.
import { transformAsync } from "@babel/core";
import { build } from "esbuild";
import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));

// Only what cannot be bundled stays external: the native SQLite driver (loaded with import() under Node
// only) and Bun's built-ins. The pure-JS dependencies are inlined because loading them as installed costs
// more than the rest of a cold start: kysely alone is hundreds of small ES modules, each resolved and read
// on its own (300-600 ms of a fresh process on a loaded machine, against ~30 ms parsed as part of one file).
const NATIVE = ["better-sqlite3"];
for (const name of NATIVE) {
  if (!(name in (manifest.dependencies ?? {}))) throw new Error(`bundle: ${name} is expected among the dependencies`);
}
const external = [...NATIVE.flatMap((name) => [name, `${name}/*`]), "bun:*"];

// ESM output has no `require`; CommonJS code that got inlined still calls it for Node built-ins.
const requireShim =
  'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);';

// zod's index pulls in its error messages in 47 languages (230 KB, a fifth of the bundle, parsed at every
// start) to offer them as z.locales; nothing here uses any but English, which zod sets up itself.
const englishOnlyZod = {
  name: "english-only-zod",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
    }));
  },
};

// The plugin is split (esbuild's code splitting): dist/plugin.js holds what the agent's tools need, and what
// is loaded with import() (the panel's HTTP stack, see src/server/panel-http.ts) goes to dist/chunks/, read
// only when the panel starts, after the tool calls made at start-up. Code both use goes to a shared chunk.
const CHUNKS = "chunks";
const entries = [
  { name: "plugin", source: "src/plugin.ts", required: true, split: true },
  { name: "cli", source: "src/cli.ts", required: true, split: true },
  { name: "tui", source: "src/tui.ts", required: true },
  // Started by the terminal half as a worker thread (src/tui/image-comparer.ts finds it beside dist/tui.js).
  { name: "image-compare-worker", source: "src/tui/image-compare-worker.ts", required: true },
];

// The terminal half runs inside opencode's TUI, which maps these to its own copies: a private solid-js
// copy bundled in would silently break reactivity, so they stay bare imports.
const hostModules = [
  "solid-js",
  "solid-js/*",
  "@opentui/core",
  "@opentui/core/*",
  "@opentui/solid",
  "@opentui/solid/*",
  "@opentui/keymap",
  "@opentui/keymap/*",
];

// OpenTUI's JSX is Solid's universal renderer: each .tsx file is compiled by Babel with babel-preset-solid
// (opencode compiles .tsx itself only outside node_modules), then bundled like any other module.
const solidUniversal = {
  name: "solid-universal",
  setup(build) {
    build.onLoad({ filter: /\.tsx$/ }, async (args) => {
      const source = readFileSync(args.path, "utf8");
      const result = await transformAsync(source, {
        filename: args.path,
        babelrc: false,
        configFile: false,
        sourceMaps: "inline",
        presets: [
          ["babel-preset-solid", { generate: "universal", moduleName: "@opentui/solid" }],
          ["@babel/preset-typescript", { isTSX: true, allExtensions: true }],
        ],
      });
      return { contents: result?.code ?? "", loader: "js" };
    });
  },
};

const problems = [];
// Chunks are named by their content's hash: the old ones would pile up in the folder the package ships.
rmSync(`${root}/dist/${CHUNKS}`, { recursive: true, force: true });
for (const entry of entries) {
  const source = `${root}/${entry.source}`;
  if (!existsSync(source)) {
    if (entry.required) problems.push(`${entry.source} is missing`);
    else console.warn(`bundle: ${entry.source} does not exist yet; dist/${entry.name}.js not built`);
    continue;
  }
  const hasShebang = readFileSync(source, "utf8").startsWith("#!");
  const banner = entry.name === "cli" && !hasShebang ? `#!/usr/bin/env node\n${requireShim}` : requireShim;
  const result = await build({
    // Core is inlined from its source, so the bundle never depends on core having been built.
    alias: { "@opencode-review/core": `${root}/../review-core/src/index.ts` },
    ...(entry.split
      ? {
          entryPoints: { [entry.name]: source },
          outdir: `${root}/dist`,
          splitting: true,
          chunkNames: `${CHUNKS}/[name]-[hash]`,
        }
      : { entryPoints: [source], outfile: `${root}/dist/${entry.name}.js` }),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: entry.name === "tui" ? [...external, ...hostModules] : external,
    plugins: entry.name === "tui" ? [englishOnlyZod, solidUniversal] : [englishOnlyZod],
    banner: { js: banner },
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });

  // opencode imports the plugin under Bun with install scripts off: a static better-sqlite3
  // import there fails at load, so the native driver may only be reached through import().
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!path.endsWith(".js")) continue;
    for (const imported of output.imports) {
      if (imported.path === "better-sqlite3" && imported.kind !== "dynamic-import" && entry.name !== "cli") {
        problems.push(
          `dist/${entry.name}.js imports better-sqlite3 statically (${imported.kind}); load it with import() under Node only`,
        );
      }
      // A bundled copy of solid-js breaks the terminal half's reactivity without an error.
      if (
        entry.name === "tui" &&
        Object.keys(output.inputs).some((input) => input.includes("node_modules/solid-js/"))
      ) {
        problems.push("dist/tui.js contains a copy of solid-js; keep solid-js external");
      }
    }
  }
  if (entry.name === "cli") chmodSync(`${root}/dist/cli.js`, 0o755);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`bundle: ${problem}`);
  process.exit(1);
}
