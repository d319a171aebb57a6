#!/usr/bin/env node
// Issue 25 target (c): `opencode-review mcp` from its process's start to its first answered tool call (a
// review_list), against a bare MCP SDK server (the SDK's low-level Server over stdio, as ours uses it,
// answering one tool) from its process's start to its first answer. Both are spawned as real processes
// and driven by the SDK's own client over stdio, timed from the client's connect (which spawns the
// process) until the tool call's answer; the handshake's share is printed too. The repository is a
// change of 100 files with no threads yet, its store made by a first start outside the time (the usual
// case: a client starts the server again in a project it has reviewed in). Each run is a pair in
// alternating order; the verdict is the median of the pairs' ratios with their spread. BENCH_RUNS (default
// 9) sets the pairs. Needs the built server (pnpm build). Exits 1 when the target is missed.
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { inAlternatingOrder, median, targetVerdict } from "../../../scripts/bench-timing.mjs";
import { reviewedChange } from "./bench-repository.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET = 2;
const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "dist", "cli.js");

// The bare server sits under node_modules so that its SDK import resolves as installed.
const bareDir = await mkdtemp(join(root, "node_modules", ".bench-mcp-start-"));
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-mcp-")));
const bareServer = join(bareDir, "bare-server.mjs");
const bareCode = `
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new Server({ name: "bare", version: "0.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "answer", description: "Answers.", inputSchema: { type: "object", properties: {} } }] }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "answered" }] }));
await server.connect(new StdioServerTransport());
`;

/** Spawns `args` under Node with the SDK's client, and times it from connect to the tool's answer. */
async function firstAnswer(args, tool) {
  let stderr = "";
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd: dir, stderr: "pipe" });
  transport.stderr?.on("data", (data) => (stderr += data.toString()));
  const client = new Client({ name: "opencode-review-bench", version: "1.0.0" });
  const started = performance.now();
  try {
    await client.connect(transport);
    const connected = performance.now() - started;
    const result = await client.callTool({ name: tool, arguments: {} });
    const answered = performance.now() - started;
    if (result.isError) throw new Error(`${tool} was refused: ${JSON.stringify(result.content)}`);
    return { connected, total: answered };
  } catch (error) {
    throw new Error(`${args.join(" ")}: ${error.message}\n${stderr}`);
  } finally {
    await client.close();
  }
}

let missed = 0;
try {
  if (!existsSync(cli)) throw new Error("dist/cli.js is missing: run pnpm build first");
  await writeFile(bareServer, bareCode);
  await reviewedChange(dir, { files: 100, lines: 300, folders: 10 });
  const ours = () => firstAnswer([cli, "mcp", "--repo", dir], "review_list");
  const bare = () => firstAnswer([bareServer], "answer");
  // The store is made (and the migrations run) once, outside the time; both sides warm the page cache.
  await ours();
  await bare();
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await inAlternatingOrder(r, { ours, bare }));
  const m = (side, key) => median(runs.map((run) => run[side][key])).toFixed(1);
  console.log(
    `an MCP server's start to its first answered tool call over stdio (Node, fresh processes, medians of ${RUNS} pairs):`,
  );
  console.log(
    `  bare MCP SDK server, one tool            ${m("bare", "total")} ms (handshake done at ${m("bare", "connected")} ms)`,
  );
  console.log(
    `  opencode-review mcp, first review_list   ${m("ours", "total")} ms (handshake done at ${m("ours", "connected")} ms)`,
  );
  const verdict = targetVerdict(
    "c",
    TARGET,
    runs.map((run) => run.ours.total / run.bare.total),
    "pairs",
  );
  if (!verdict.met) missed++;
  console.log(`  verdict: ${verdict.line}`);
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await rm(bareDir, { recursive: true, force: true });
}
process.exit(missed > 0 ? 1 : 0);
