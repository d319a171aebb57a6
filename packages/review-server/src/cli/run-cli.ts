import { ReviewError } from "@opencode-review/core";
import { packageVersion } from "../server/index.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { demoCommand } from "./demo-command.js";
import { doctorCommand } from "./doctor-command.js";
import { hookCommand } from "./hook-command.js";
import { mcpCommand } from "./mcp-command.js";
import { parseFlags } from "./parse-flags.js";
import { prCommand } from "./pr-command.js";
import { removeCommand } from "./remove-command.js";
import { serveCommand } from "./serve-command.js";
import { setupCommand } from "./setup-command.js";
import { urlCommand } from "./url-command.js";

/** Every command, in the order `--help` lists them (docs/cli.md documents each; a test checks). */
export const COMMANDS: readonly CliCommand[] = [
  demoCommand,
  serveCommand,
  urlCommand,
  mcpCommand,
  hookCommand,
  setupCommand,
  prCommand,
  removeCommand,
  doctorCommand,
];

const overview = `Usage: opencode-review <command> [flags]

Review an opencode agent's working diff like a pull request.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(7)} ${c.summary}`).join("\n")}

Run opencode-review <command> --help for a command's flags.
Inside opencode, add "opencode-review" to "plugin" in opencode.json instead.`;

// Mistakes in the command line itself (a bad value), not failures. A folder that is not in a git
// repository is a well-formed command that cannot do its work there: exit 1, as docs/cli.md says.
const USAGE_CODES: ReadonlySet<string> = new Set(["invalid_input", "outside_worktree"]);

/** The first line of an error's message: the person gets one line, never a stack. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.trim() || (error instanceof Error ? error.name : "unknown error");
}

/**
 * Runs one `opencode-review` command line and resolves with its exit code: 0 done, 1 failed, 2 a wrong
 * command line (one line on stderr saying what is wrong). Long-running commands stop on `io.stopRequested`.
 * @example process.exitCode = await runCli(["url", "--repo", "."], io)
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(overview);
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(overview);
    return EXIT_OK;
  }
  if (name === "--version" || name === "-v") {
    io.out(packageVersion());
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    io.err(
      `opencode-review: unknown command "${name}"; the commands are ${COMMANDS.map((c) => c.name).join(", ")} (see opencode-review --help)`,
    );
    return EXIT_USAGE;
  }
  const usage = (message: string): number => {
    io.err(message);
    return command.neverFails === true ? EXIT_OK : EXIT_USAGE;
  };
  // `-h` is what many people type first; it means help for every command.
  let args = rest.map((arg) => (arg === "-h" ? "--help" : arg));
  let subcommand: string | undefined;
  if (command.subcommands !== undefined && args[0] !== undefined && !args[0].startsWith("--")) {
    subcommand = args[0];
    args = args.slice(1);
    if (!command.subcommands.includes(subcommand)) {
      return usage(
        `opencode-review ${command.name}: unknown "${subcommand}"; give one of ${command.subcommands.join(", ")} (see opencode-review ${command.name} --help)`,
      );
    }
  }
  const parsed = parseFlags(args, command.flags);
  if (!parsed.ok) {
    return usage(`opencode-review ${command.name}: ${parsed.message} (see opencode-review ${command.name} --help)`);
  }
  if (parsed.flags.help === true) {
    io.out(command.help);
    return EXIT_OK;
  }
  if (command.subcommands !== undefined && subcommand === undefined) {
    return usage(
      `opencode-review ${command.name}: give one of ${command.subcommands.join(", ")} (see opencode-review ${command.name} --help)`,
    );
  }
  try {
    return await command.run(parsed.flags, io, subcommand);
  } catch (error) {
    io.err(`opencode-review ${command.name}: ${oneLine(error)}`);
    return error instanceof ReviewError && USAGE_CODES.has(error.code) ? EXIT_USAGE : EXIT_FAILED;
  }
}
