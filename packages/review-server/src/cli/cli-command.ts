import type { CliIo } from "./cli-io.js";
import type { FlagSpec, FlagValues } from "./parse-flags.js";

/** One `opencode-review <name>` command: its flags, its help, and what it does; it resolves with the exit code. */
export interface CliCommand {
  readonly name: string;
  /** One line for the list of commands. */
  readonly summary: string;
  /** The whole `--help` text. */
  readonly help: string;
  readonly flags: FlagSpec;
  /** The words one of which must follow the command (`hook stop`, `setup codex`); absent: none. */
  readonly subcommands?: readonly string[];
  /**
   * True for a command another program runs on its own (a client's hook): a wrong command line is still said
   * on stderr, but exits 0, because a failing hook breaks the client's turn.
   */
  readonly neverFails?: boolean;
  run(flags: FlagValues, io: CliIo, subcommand?: string): Promise<number>;
}

/** Exit codes: 0 done, 1 the command could not do its work, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
