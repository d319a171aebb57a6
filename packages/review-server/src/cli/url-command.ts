import { resolve } from "node:path";
import { openRepository } from "../git/index.js";
import { EXIT_FAILED, EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import { livePanelLinks } from "./live-panels.js";
import type { FlagValues } from "./parse-flags.js";

const help = `Usage: opencode-review url [--repo DIR]

Prints the link (with its token) of every review panel running for the repository, one per line:
panels started by the opencode plugin or by \`opencode-review serve\`, in any work tree of the repository.

  --repo DIR    a folder inside the repository (default: the current folder)
  --help        this text

Exit status: 0 when at least one panel runs; 1, with "no panel is running for <repo>" on stderr, when none does.`;

async function url(flags: FlagValues, io: CliIo): Promise<number> {
  const repo = await openRepository(resolve(io.cwd, typeof flags.repo === "string" ? flags.repo : "."));
  const panels = await livePanelLinks(repo);
  if (panels.length === 0) {
    // stderr and exit 1, so `open "$(opencode-review url)"` never opens a sentence.
    io.err(`no panel is running for ${repo.workTree}`);
    return EXIT_FAILED;
  }
  for (const panel of panels) io.out(panel.link);
  const unreadable = panels.filter((p) => p.token === null).length;
  if (unreadable > 0) {
    io.err(
      `${unreadable} panel link(s) printed without a token: the token file is missing or belongs to another user; run this as the user who started the panel.`,
    );
  }
  return EXIT_OK;
}

/** `opencode-review url`: the links of the panels running for this repository. */
export const urlCommand: CliCommand = {
  name: "url",
  summary: "print the links of the panels running for this repository",
  help,
  flags: { repo: "value", help: "switch" },
  run: url,
};
