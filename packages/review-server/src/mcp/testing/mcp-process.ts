import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { cliPath } from "../../cli/testing/cli-process.js";

/** A spawned `opencode-review mcp` with the SDK's own client connected over its stdio. */
export interface McpProcess {
  readonly client: Client;
  /** The panel link from the server's instructions. */
  readonly panelUrl: string;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Calls a tool and returns its text, metadata and whether it was refused. */
  call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ readonly text: string; readonly metadata: any; readonly isError: boolean }>;
  close(): Promise<void>;
}

/**
 * Starts the built CLI's `mcp` command as a child process and connects the SDK's client to it.
 * @example const mcp = await startMcp(["--repo", repo.dir]); const listed = await mcp.call("review_list", {});
 */
export async function startMcp(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: Record<string, string> } = {},
): Promise<McpProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, "mcp", ...args],
    stderr: "pipe",
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined
      ? {}
      : { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env } }),
  });
  let err = "";
  transport.stderr?.on("data", (data: Buffer) => (err += data.toString()));
  const client = new Client({ name: "opencode-review-test", version: "1.0.0" });
  await client.connect(transport);
  const panelUrl = /(http:\/\/127\.0\.0\.1:\d+\/[#?]token=[0-9a-f]+)/.exec(client.getInstructions() ?? "")?.[1] ?? "";
  return {
    client,
    panelUrl,
    stderr: () => err,
    async call(name, toolArgs) {
      const result = (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
      const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
      return { text, metadata: result.structuredContent, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

/**
 * Runs `opencode-review hook ...` as a client's hook does: the JSON on stdin, stdout and the exit code back.
 * @example const { stdout } = await runHook(["stop"], { stop_hook_active: false, cwd: repo.dir })
 */
export function runHook(
  args: readonly string[],
  input: unknown,
  options: { readonly cwd?: string; readonly env?: Record<string, string> } = {},
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string; readonly ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cliPath, "hook", ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  child.stdin.end(typeof input === "string" ? input : JSON.stringify(input));
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, stdout: out, stderr: err, ms: performance.now() - started })),
  );
}
