// Measures what the plugin adds to opencode's start-up: `opencode run` in fresh projects, without
// and with the packed opencode-review plugin, interleaved so machine load hits both alike.
// Run with Bun (it runs the TypeScript harness directly): `pnpm --filter opencode-review measure:startup [runs]`.
import {
  makeOpencodeProject,
  packPlugin,
  runOpencode,
  startFakeModel,
  type PluginEntry,
} from "../src/testing/opencode-harness.js";

const runs = Number(process.argv[2] ?? 5);

interface Sample {
  readonly firstRequestMs: number;
  readonly totalMs: number;
}

async function once(plugins: readonly PluginEntry[]): Promise<Sample> {
  const model = await startFakeModel([{ kind: "text", text: "ok" }]);
  const project = makeOpencodeProject({ fakeModelUrl: model.url, plugins });
  try {
    const result = await runOpencode(project, "say ok");
    const first = model.requests[0];
    if (result.exitCode !== 0 || !first || result.pluginErrors.length > 0) {
      throw new Error(`run failed (${result.exitCode}):\n${result.stderr.slice(-3000)}`);
    }
    return { firstRequestMs: first.receivedAt - result.startedAt, totalMs: result.durationMs };
  } finally {
    await model.close();
    project.cleanup();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const tarball = await packPlugin();
const withPlugin: readonly PluginEntry[] = [`opencode-review@file:${tarball}`];
// The first start with a new plugin installs it into the (shared) cache; reported on its own.
const install = await once(withPlugin);
console.log(
  `first start with plugin (installs it): first request ${install.firstRequestMs} ms, run ${install.totalMs} ms`,
);

const samples = { without: [] as Sample[], with: [] as Sample[] };
for (let i = 0; i < runs; i++) {
  samples.without.push(await once([]));
  samples.with.push(await once(withPlugin));
  console.log(`run ${i + 1}/${runs} done`);
}
for (const [name, list] of Object.entries(samples)) {
  const first = list.map((s) => s.firstRequestMs);
  const total = list.map((s) => s.totalMs);
  console.log(
    `${name.padEnd(8)} plugin: first model request median ${median(first)} ms [${first.join(", ")}]; whole run median ${median(total)} ms [${total.join(", ")}]`,
  );
}
