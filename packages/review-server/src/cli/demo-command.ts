import { rm } from "node:fs/promises";
import { buildDemo } from "../demo/build-demo.js";
import { findDemoRepoFolder } from "../demo/demo-repo-folder.js";
import { renderDemoSummary } from "../demo/render-demo-summary.js";
import { startReviewServer } from "../server/index.js";
import { EXIT_OK, EXIT_USAGE, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { portFlag } from "./flag-values.js";
import type { FlagValues } from "./parse-flags.js";
import { systemClock } from "../service/clock.js";

const help = `Usage: opencode-review demo [--port N]

Makes a throwaway git repository in a temporary folder, where "an agent" changed a small tasks API in two
rounds and a review of it is under way, with threads in every state; then serves the review panel on it.
Ctrl-C stops the panel and removes the temporary folder.

  --port N    the port, 0 to 65535 (default 0: any free port)
  --help      this text`;

async function demo(flags: FlagValues, io: CliIo): Promise<number> {
  // Listen for Ctrl-C from the start: one during the start-up still closes and cleans up, after it.
  const stopped = io.stopRequested;
  const port = typeof flags.port === "string" ? portFlag(flags.port) : { ok: true as const, value: 0 };
  if (!port.ok) {
    io.err(`opencode-review demo: ${port.message} (see opencode-review demo --help)`);
    return EXIT_USAGE;
  }
  const built = await buildDemo(findDemoRepoFolder());
  try {
    const running = await startReviewServer({
      dir: built.workTree,
      port: port.value,
      // Nobody is on the other end: a release is shown in the panel as text to copy.
      delivery: { mode: "prose", deliver: async () => null, target: async () => null, noAgent: true },
      now: systemClock,
      tools: false,
    });
    try {
      io.out(`opencode-review demo: a throwaway repository in ${built.workTree}`);
      io.out("");
      io.out("An agent changed a small tasks API in two rounds. You reviewed round 1 and released it;");
      io.out("the agent answered in round 2. In the panel you will find:");
      io.out("");
      io.out(renderDemoSummary(built.threads).join("\n"));
      io.out("");
      // The link lands on the refused claim (src/store.ts), not on the first file in path order (an image).
      io.out(`Open the panel: ${demoLink(running.panelUrl, built.threads.refused)}`);
      io.out("Ctrl-C stops it and removes the repository.");
      await stopped;
    } finally {
      await running.close();
    }
  } finally {
    await rm(built.folder, { recursive: true, force: true });
  }
  io.out("opencode-review demo: stopped; the repository is removed.");
  return EXIT_OK;
}

/** The panel link with the place the demo opens at, in the fragment the panel reads once (beside the token). */
function demoLink(panelUrl: string, thread: { readonly id: string; readonly file: string }): string {
  const url = new URL(panelUrl);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  fragment.set("file", thread.file);
  fragment.set("thread", thread.id);
  url.hash = fragment.toString();
  return url.href;
}

/** `opencode-review demo`: a demo repository with a review under way, served in the panel. */
export const demoCommand: CliCommand = {
  name: "demo",
  summary: "try the panel on a throwaway repository with a review under way",
  help,
  flags: { port: "value", help: "switch" },
  run: demo,
};
