import { resolve } from "node:path";
import { EXIT_FAILED, EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { doctorChecks, type Check } from "./doctor-checks.js";
import type { FlagValues } from "./parse-flags.js";

const help = `Usage: opencode-review doctor [--repo DIR]

Checks what opencode-review needs and prints one line per check: git and the repository, the review
store (it opens, its schema, you can write it, its file modes), Node and the SQLite binding, Bun, the
plugin in opencode.json and tui.json, the MCP clients' configs (.mcp.json, .codex/config.toml), the
panels running (and their version), and the forge remote with whether a token is there (never printed).
Each problem says what to do. It changes nothing: the store is opened read-only, never created or migrated.

  --repo DIR    a folder inside the repository (default: the current folder)
  --help        this text

Exit status: 0 when nothing is wrong (notes are not problems); 1 when a check found a problem.`;

const LABELS: Readonly<Record<Check["state"], string>> = {
  ok: "ok     ",
  problem: "PROBLEM",
  note: "note   ",
  skip: "skip   ",
};

/** One check as one line: its state, what it is, what was found and, for a problem or a note, what to do. */
export function checkLine(check: Check): string {
  const todo = check.todo === undefined ? "" : ` -> ${check.todo}`;
  return `${LABELS[check.state]} ${check.name}: ${check.text}${todo}`;
}

async function doctor(flags: FlagValues, io: CliIo): Promise<number> {
  const dir = resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : ".");
  const checks = await doctorChecks({ dir, env: io.env ?? process.env, now: Date.now() });
  for (const check of checks) io.out(checkLine(check));
  const problems = checks.filter((c) => c.state === "problem").length;
  if (problems > 0) {
    io.err(`${problems} ${problems === 1 ? "problem" : "problems"} found; each says what to do after "->".`);
    return EXIT_FAILED;
  }
  return EXIT_OK;
}

/** `opencode-review doctor`: checks the set-up and says what to fix, changing nothing. */
export const doctorCommand: CliCommand = {
  name: "doctor",
  summary: "check the set-up (git, store, runtimes, configs, panels, forge) and say what to fix",
  help,
  flags: { repo: "value", help: "switch" },
  run: doctor,
};
