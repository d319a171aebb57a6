import { ReviewError } from "@opencode-review/core";
import { resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import { boundLines, MAX_MESSAGE_LINE_BYTES } from "../mcp/bounded-lines.js";
import { mcpDelivery } from "../mcp/mcp-delivery.js";
import { createMcpServer, loadMcpSdk } from "../mcp/mcp-server.js";
import { packageVersion, startReviewServer, type RunningReviewServer } from "../server/index.js";
import type { ServiceSource } from "../tools/service-source.js";
import { EXIT_OK, type CliCommand } from "./cli-command.js";
import type { CliIo } from "./cli-io.js";
import type { FlagValues } from "./parse-flags.js";
import { systemClock } from "../service/clock.js";

const help = `Usage: opencode-review mcp [--repo DIR]

A stdio MCP server with the review tools (review_list, review_reply, review_open, review_tour) for Claude Code,
Codex or any MCP client, over the same review store as the opencode plugin. While it runs it serves the
review panel on loopback (its link is in the server's instructions, on stderr, and in opencode-review url).
It writes only the protocol to stdout; everything else goes to stderr. It stops when its input ends.

  --repo DIR    a folder inside the repository (default: $CLAUDE_PROJECT_DIR, else the current folder)
  --help        this text

Set it up with opencode-review setup claude, or opencode-review setup codex.`;

/** The folder the server reviews: --repo, else the project Claude Code names, else where it was started. */
function reviewFolder(flags: FlagValues, io: CliIo): string {
  if (typeof flags.repo === "string") return resolve(io.cwd, flags.repo);
  const project = io.env?.CLAUDE_PROJECT_DIR;
  return resolve(io.cwd, project !== undefined && project !== "" ? project : ".");
}

async function mcp(flags: FlagValues, io: CliIo): Promise<number> {
  if (io.stdio === undefined)
    throw new ReviewError("internal", "mcp speaks on standard input and output, and none were given");
  const stopped = io.stopRequested;
  // Loaded while the review server starts: a client may wait only so long before its first request.
  const sdk = loadMcpSdk();
  // Awaited below; a failed load must not count as unhandled while the review server is still starting.
  sdk.catch(() => {});
  const dir = reviewFolder(flags, io);
  let clientName: string | undefined;
  const reportError = (error: unknown) =>
    io.err(`opencode-review mcp: ${error instanceof Error ? error.message : String(error)}`);

  let running: RunningReviewServer | null = null;
  let source: ServiceSource;
  try {
    running = await startReviewServer({
      dir,
      tools: true,
      delivery: mcpDelivery(() => clientName),
      now: systemClock,
      reportError,
      forgeSource: { env: io.env ?? {} },
    });
    const service = running.service;
    source = async () => service;
    io.err(`opencode-review mcp: reviewing ${dir}; the review panel is at ${running.panelUrl}`);
  } catch (error) {
    // As in opencode: the server still answers, and every tool says why there is no review here.
    const failure =
      error instanceof ReviewError && error.code === "not_git"
        ? error
        : new ReviewError(
            "internal",
            `opencode-review: the review server did not start: ${error instanceof Error ? error.message : String(error)} Tell the person; the review tools cannot work until it does.`,
          );
    io.err(`opencode-review mcp: ${failure.message}`);
    source = () => Promise.reject(failure);
  }

  try {
    const server = await createMcpServer({ source, version: packageVersion(), panelUrl: running?.panelUrl ?? null });
    server.oninitialized = () => (clientName = server.getClientVersion()?.name);
    const input = io.stdio.input as Readable;
    const ended = new Promise<void>((done) => {
      input.once("end", done);
      input.once("close", done);
      server.onclose = done;
    });
    const [, , { StdioServerTransport }] = await sdk;
    const output = io.stdio.output as Writable;
    // A line too long to read is answered, not fatal: the client learns why its request got no answer,
    // and the next request is served.
    const lines = boundLines(input, {
      maxLineBytes: MAX_MESSAGE_LINE_BYTES,
      onTooLong: () => {
        const message = `A message over ${MAX_MESSAGE_LINE_BYTES / 1024 / 1024} MB on one line was dropped unread; send it in smaller parts.`;
        io.err(`opencode-review mcp: ${message}`);
        // Its id is unknown: JSON-RPC answers a request it could not read with id null.
        output.write(`${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message } })}\n`);
      },
    });
    await server.connect(new StdioServerTransport(lines, output, { maxBufferSize: MAX_MESSAGE_LINE_BYTES + 1 }));
    await Promise.race([ended, stopped]);
    await server.close().catch(() => {});
  } finally {
    await running?.close();
  }
  return EXIT_OK;
}

/** `opencode-review mcp`: the review tools over MCP's stdio transport, and the panel while it runs. */
export const mcpCommand: CliCommand = {
  name: "mcp",
  summary: "the review tools as a stdio MCP server (Claude Code, Codex, any MCP client)",
  help,
  flags: { repo: "value", help: "switch" },
  run: mcp,
};
