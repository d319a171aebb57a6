import { renderReleaseNotice, renderWaitingLine } from "@opencode-review/core";
import { resolve } from "node:path";
import { defaultDbPath, openRepository } from "../git/index.js";
import { openReadOnlyStore, threadsByBranch, untoldChanges } from "../store/index.js";
import { releasedUnread } from "../store/released-unread.js";
import { EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import type { FlagValues } from "./parse-flags.js";

const help = `Usage: opencode-review hook stop|prompt [--repo DIR]

The doorbell for MCP clients (Claude Code, Codex), run by their hooks; it reads the hook's JSON on stdin.
  stop      (Stop hook) while comments the person released wait unread by the agent, prints
            {"decision":"block","reason":"..."} with the release notice, so the agent reads them before
            it stops; otherwise, or when the hook already blocked once (stop_hook_active), prints nothing.
  prompt    (UserPromptSubmit hook) prints the one line saying how many threads wait on the agent, or nothing.

  --repo DIR    the repository (default: $CLAUDE_PROJECT_DIR, else the hook's "cwd", else the current folder)
  --help        this text

It never fails the client's turn: on any problem it prints nothing, says why on stderr, and exits 0.
opencode-review setup claude|codex installs both hooks.`;

/** How long the hook waits for its input to end: a client that never closes stdin must not stall its turn. */
const INPUT_WAIT_MS = 400;

/**
 * How long the hook waits for a lock another process holds on the store: an answer of nothing now is better
 * than a late one (the hooks promise an answer within a second, and the comments ring again next turn).
 */
const STORE_BUSY_WAIT_MS = 250;

/** The hook's JSON input, whatever of it arrives in time; `{}` for none. */
async function readHookInput(io: CliIo): Promise<Record<string, unknown>> {
  const input = io.stdio?.input;
  if (input === undefined) return {};
  const text = await new Promise<string>((done) => {
    let read = "";
    const finish = () => {
      clearTimeout(timer);
      input.removeListener("data", onData);
      done(read);
    };
    const onData = (chunk: Buffer | string) => void (read += chunk.toString());
    const timer = setTimeout(finish, INPUT_WAIT_MS);
    input.on("data", onData);
    input.once("end", finish);
    input.once("error", finish);
  });
  if (text.trim() === "") return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function hookFolder(flags: FlagValues, io: CliIo, payload: Record<string, unknown>): string {
  if (typeof flags.repo === "string") return resolve(io.cwd, flags.repo);
  const project = io.env?.CLAUDE_PROJECT_DIR;
  if (project !== undefined && project !== "") return resolve(io.cwd, project);
  return resolve(io.cwd, typeof payload.cwd === "string" && payload.cwd !== "" ? payload.cwd : ".");
}

/** What the hook prints: the block for a Stop hook with released comments unread, the waiting line for a prompt; null: nothing. */
async function hookAnswer(which: "stop" | "prompt", flags: FlagValues, io: CliIo): Promise<string | null> {
  const payload = await readHookInput(io);
  // The client says it continued because of a Stop hook already: blocking again could loop forever.
  if (which === "stop" && payload.stop_hook_active === true) return null;
  const repo = await openRepository(hookFolder(flags, io, payload));
  // Read-only: a hook never creates, migrates or otherwise writes the store (no store yet: nobody has
  // reviewed here; an older one is brought up to date by the next server that opens it).
  const found = await openReadOnlyStore({ path: defaultDbPath(repo), busyTimeoutMs: STORE_BUSY_WAIT_MS });
  if (found.kind === "outdated")
    io.err(
      `opencode-review hook ${which}: the review database waits for an update (${found.missing.join(", ")}) that the next opencode-review mcp or serve makes (nothing printed)`,
    );
  if (found.kind !== "open") return null;
  const { store } = found;
  try {
    if (which === "stop") {
      const unread = await releasedUnread(store.db, repo.branchKey);
      if (unread.count === 0) return null;
      return JSON.stringify({ decision: "block", reason: renderReleaseNotice(unread) });
    }
    const open = await threadsByBranch(store.db, repo.branchKey, { status: "open" });
    const waiting = open.filter((t) => t.awaiting === "agent");
    // The person's undos and applied suggestions its review_list has not told it of yet, as in opencode.
    const changes = (await untoldChanges(store.db, repo.branchKey)).map(({ kind, file, start, end }) => ({
      kind,
      file,
      start,
      end,
    }));
    return renderWaitingLine({ count: waiting.length, files: [...new Set(waiting.map((t) => t.file))], changes });
  } finally {
    await store.close();
  }
}

async function hook(flags: FlagValues, io: CliIo, subcommand?: string): Promise<number> {
  try {
    const answer = await hookAnswer(subcommand === "stop" ? "stop" : "prompt", flags, io);
    if (answer !== null) io.out(answer);
  } catch (error) {
    // A hook that fails or prints garbage would break the client's turn; the review can wait for the next one.
    io.err(
      `opencode-review hook ${subcommand}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (nothing printed)`,
    );
  }
  return EXIT_OK;
}

/** `opencode-review hook stop|prompt`: the doorbell an MCP client's Stop and UserPromptSubmit hooks run. */
export const hookCommand: CliCommand = {
  name: "hook",
  summary: "the Stop and UserPromptSubmit hooks for MCP clients (stop, prompt)",
  help,
  flags: { repo: "value", help: "switch" },
  subcommands: ["stop", "prompt"],
  neverFails: true,
  run: hook,
};
