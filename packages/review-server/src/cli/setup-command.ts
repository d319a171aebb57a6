import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import { openRepository } from "../git/index.js";
import { applyEdits, claudeEdits, codexEdits } from "../setup/client-setup.js";
import { localLauncher, npxLauncher } from "../setup/launcher.js";
import { EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import type { FlagValues } from "./parse-flags.js";

const help = `Usage: opencode-review setup claude|codex [--repo DIR] [--local]

Sets up the review for another coding agent in this project (files in the repository's root):
  claude    Claude Code: the MCP server in .mcp.json; in .claude/settings.json the Stop and
            UserPromptSubmit hooks (the doorbell), the server enabled and its three tools allowed.
  codex     Codex CLI: [mcp_servers.opencode-review] in .codex/config.toml (its tools approved, the
            forge token's variables passed on) and the Stop and UserPromptSubmit hooks in .codex/hooks.json.
Existing files are merged into, never replaced (other settings, TOML comments and layout, each file's
mode, line endings and number texts stay); a symlink is written through when it points inside the
project and refused when it points outside. Every path is checked before any file is written, so a
refusal writes nothing. A second run changes nothing. It prints what it changed.

  --repo DIR    a folder inside the repository (default: the current folder)
  --local       run this build of opencode-review (node and its absolute path) instead of
                npx -y opencode-review, which needs the package published on npm (use it from a clone)
  --help        this text`;

async function setup(flags: FlagValues, io: CliIo, client?: string): Promise<number> {
  const repo = await openRepository(resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : "."));
  // process.argv[1] is this CLI as it was started; its real path survives a symlinked bin.
  const launcher =
    flags.local === true ? localLauncher(realpathSync(process.argv[1]!), process.execPath) : npxLauncher();
  const edits = client === "claude" ? claudeEdits(repo.workTree, launcher) : codexEdits(repo.workTree, launcher);
  applyEdits(edits);
  const name = client === "claude" ? "Claude Code" : "Codex";
  io.out(`opencode-review setup ${client}: ${repo.workTree}`);
  for (const edit of edits)
    io.out(`  ${edit.file}: ${edit.changes.length === 0 ? "unchanged" : edit.changes.join("; ")}`);
  if (flags.local !== true) {
    // npx fetches the package from npm: until it is published there, the client cannot start the server.
    // Run from a clone (this CLI is no installed package), the command that works is this very build's.
    const self = realpathSync(process.argv[1]!);
    const cli = self.split(sep).includes("node_modules") ? "packages/review-server/dist/cli.js" : self;
    io.out("The server and hooks run `npx -y opencode-review`: they need the package published on npm.");
    io.out(
      `From a clone of opencode-review (after pnpm install && pnpm build), set up with --local instead: node ${cli} setup ${client} --local --repo ${repo.workTree}`,
    );
  }
  if (edits.every((edit) => edit.changes.length === 0)) io.out(`Already set up for ${name}; nothing changed.`);
  else if (client === "codex") {
    io.out(
      "Codex reads a project's .codex/ only once you trust the project, and runs its hooks only once you have reviewed them.",
    );
  } else {
    io.out(
      "Start Claude Code in this folder; the review tools are mcp__opencode-review__review_list, _reply and _open.",
    );
  }
  return EXIT_OK;
}

/** `opencode-review setup claude|codex`: project-scoped MCP server and hooks for another client. */
export const setupCommand: CliCommand = {
  name: "setup",
  summary: "set the review up for Claude Code or Codex in this project (claude, codex)",
  help,
  flags: { repo: "value", local: "switch", help: "switch" },
  subcommands: ["claude", "codex"],
  run: setup,
};
