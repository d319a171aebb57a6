#!/usr/bin/env node
// Issue 25 target (a): what the plugin adds to opencode's start. Paired fresh starts of the real opencode
// (`opencode run`, the opencode-ai devDependency, against the scripted model of src/testing/fake-model.ts),
// one with the packed plugin in opencode.json and one without, in alternating order: the time from the
// process's spawn until the scripted model receives the first conversation request (the model request a
// person waits for; opencode's hidden title request is not it). Each start is a fresh project (its own
// repository, opencode data and state); the plugin is installed once into the shared cache by a warm-up
// start of each kind outside the time, as a user's opencode has it after the first start. The verdict is
// the median of the pairs' ratios with their spread. BENCH_RUNS (default 7) sets the pairs; each start takes
// several seconds on a loaded machine. Packs the plugin (pnpm pack) first. Exits 1 when the target is missed.
import { targetVerdict, median, inAlternatingOrder } from "../../../scripts/bench-timing.mjs";
import { bundleService } from "./bench-service.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET = 1.1;

const harness = await bundleService(
  "opencode-start",
  [
    'export { startFakeModel } from "./src/testing/fake-model.ts";',
    'export { makeOpencodeProject } from "./src/testing/opencode-project.ts";',
    'export { runOpencode } from "./src/testing/run-opencode.ts";',
    'export { packPlugin } from "./src/testing/pack-plugin.ts";',
  ],
  { external: ["esbuild"] },
);
const { startFakeModel, makeOpencodeProject, runOpencode, packPlugin } = harness.module;

/** One fresh start: ms from spawning opencode until the model's first conversation request. */
async function firstRequest(plugins) {
  const model = await startFakeModel([{ kind: "text", text: "Started." }]);
  const project = makeOpencodeProject({
    fakeModelUrl: model.url,
    plugins,
    files: { "src/app.ts": "export const answer = 41;\n" },
    changes: { "src/app.ts": "export const answer = 42;\n" },
  });
  try {
    const result = await runOpencode(project, "say hello");
    const [first] = model.conversation();
    if (result.exitCode !== 0 || first === undefined)
      throw new Error(`opencode run failed (exit ${result.exitCode}):\n${result.stderr.slice(-3000)}`);
    if (result.pluginErrors.length > 0) throw new Error(`the plugin failed to load: ${result.pluginErrors.join("\n")}`);
    const loaded = first.tools.includes("review_list");
    if (loaded !== plugins.length > 0)
      throw new Error(`review_list ${loaded ? "offered without" : "missing with"} the plugin`);
    return { first: first.receivedAt - result.startedAt, run: result.durationMs };
  } finally {
    project.cleanup();
    await model.close();
  }
}

let missed = 0;
try {
  const tarball = await packPlugin();
  const withPlugin = () => firstRequest([`opencode-review@file:${tarball}`]);
  const without = () => firstRequest([]);
  // Installs the plugin (and opencode's own @opencode-ai/plugin) into the shared cache and config.
  await withPlugin();
  await without();
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await inAlternatingOrder(r, { withPlugin, without }));
  const m = (side, key) => median(runs.map((run) => run[side][key])).toFixed(0);
  console.log(`opencode run, from spawn to the model's first request (fresh starts, medians of ${RUNS} pairs):`);
  console.log(`  without the plugin   ${m("without", "first")} ms (the whole run ${m("without", "run")} ms)`);
  console.log(`  with the plugin      ${m("withPlugin", "first")} ms (the whole run ${m("withPlugin", "run")} ms)`);
  const verdict = targetVerdict(
    "a",
    TARGET,
    runs.map((run) => run.withPlugin.first / run.without.first),
    "pairs",
  );
  if (!verdict.met) missed++;
  console.log(`  verdict: ${verdict.line}`);
} finally {
  await harness.remove();
}
process.exit(missed > 0 ? 1 : 0);
