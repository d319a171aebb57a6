import { resolve } from "node:path";
import { openRepository } from "../git/index.js";
import { startReviewServer } from "../server/index.js";
import type { ReleaseDelivery } from "../service/index.js";
import { EXIT_OK, EXIT_USAGE, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { hostFlag, opencodeUrlFlag, portFlag } from "./flag-values.js";
import { opencodeDelivery } from "./opencode-delivery.js";
import type { FlagValues } from "./parse-flags.js";
import { systemClock } from "../service/clock.js";

const help = `Usage: opencode-review serve [--repo DIR] [--port N] [--host H] [--opencode URL] [--session ID]

Serves the review panel for a git repository on this machine, without opencode's process.
Prints the panel's link (with its token); Ctrl-C stops it.

  --repo DIR        a folder inside the repository's work tree (default: the current folder)
  --port N          the port, 0 to 65535 (default 0: any free port)
  --host H          a loopback address: 127.0.0.1 (default), ::1 or localhost
  --opencode URL    an \`opencode serve\` address; released reviews are sent there as a message
  --session ID      the session of that server to send to (default: its most recently updated one)
  --help            this text

Without --opencode a released review goes nowhere: the panel shows it as text to copy to the agent.`;

/** Where released reviews go: nowhere (shown in the panel to copy), or into an opencode server's session. */
function serveDelivery(
  flags: FlagValues,
  opencode: string | undefined,
): ReleaseDelivery & { probe?(): Promise<string | null> } {
  // Without an opencode server a release goes nowhere but the panel: it names no session.
  if (opencode === undefined)
    return { mode: "prose", deliver: async () => null, target: async () => null, noAgent: true };
  const session = typeof flags.session === "string" ? flags.session : undefined;
  return opencodeDelivery({ baseUrl: opencode, ...(session === undefined ? {} : { sessionId: session }) });
}

async function serve(flags: FlagValues, io: CliIo): Promise<number> {
  // Listen for Ctrl-C from the start: one during the start-up still closes and cleans up, after it.
  const stopped = io.stopRequested;
  const port = typeof flags.port === "string" ? portFlag(flags.port) : { ok: true as const, value: 0 };
  if (!port.ok) return usage(io, port.message);
  const host = typeof flags.host === "string" ? hostFlag(flags.host) : { ok: true as const, value: "127.0.0.1" };
  if (!host.ok) return usage(io, host.message);
  const opencode = typeof flags.opencode === "string" ? opencodeUrlFlag(flags.opencode) : undefined;
  if (opencode !== undefined && !opencode.ok) return usage(io, opencode.message);
  if (flags.session !== undefined && opencode === undefined)
    return usage(io, "--session needs --opencode: it names a session of that server");

  // Checked before anything starts, so a folder outside any repository fails (exit 1) with nothing started.
  const repo = await openRepository(resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : "."));
  const delivery = serveDelivery(flags, opencode?.value);
  const running = await startReviewServer({
    dir: repo.workTree,
    host: host.value,
    port: port.value,
    delivery,
    now: systemClock,
    tools: false,
    forgeSource: { env: io.env ?? {} },
  });
  try {
    io.out(`opencode-review: serving ${repo.workTree} (${repo.branch ?? repo.branchKey})`);
    if (opencode === undefined) {
      io.out("Released reviews are shown in the panel as text to give the agent.");
    } else {
      const to = typeof flags.session === "string" ? `session ${flags.session}` : "its most recently updated session";
      io.out(`Released reviews go to the opencode server at ${opencode.value}, ${to}.`);
      const problem = await delivery.probe?.();
      if (problem)
        io.err(
          `opencode-review: the opencode server at ${opencode.value} does not answer yet (${problem}); releases will fail until it does.`,
        );
    }
    io.out(`Open the panel: ${running.panelUrl}`);
    io.out("Ctrl-C stops it.");
    await stopped;
  } finally {
    await running.close();
  }
  io.out("opencode-review: stopped.");
  return EXIT_OK;
}

function usage(io: CliIo, message: string): number {
  io.err(`opencode-review serve: ${message} (see opencode-review serve --help)`);
  return EXIT_USAGE;
}

/** `opencode-review serve`: the server and panel on Node, releases as prose (to an opencode server with `--opencode`). */
export const serveCommand: CliCommand = {
  name: "serve",
  summary: "serve the review panel for a repository (no opencode needed)",
  help,
  flags: { repo: "value", port: "value", host: "value", opencode: "value", session: "value", help: "switch" },
  run: serve,
};
