// A message line over the limit, as a real `opencode-review mcp` process reads it from a client's pipe.
import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli, cliPath } from "../cli/testing/cli-process.js";
import { makeTempRepository } from "../git/testing/temp-repository.js";
import { MAX_MESSAGE_LINE_BYTES } from "./bounded-lines.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const onCleanup = cleanUpAfterEach();
beforeAll(async () => {
  await buildCli();
}, 180_000);

describe("opencode-review mcp and a line over 10 MB", () => {
  it("answers a JSON-RPC error and says so on stderr, then serves the next request", async () => {
    const repo = await makeTempRepository();
    onCleanup(() => repo.remove());
    await repo.write("a.txt", "a\n");
    await repo.commitAll("base");
    const child = spawn(process.execPath, [cliPath, "mcp", "--repo", repo.dir], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    });
    const exited = new Promise<number | null>((done) => child.on("close", done));
    onCleanup(async () => {
      child.stdin.end();
      child.kill("SIGTERM");
      await exited;
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const answers = () =>
      stdout
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { id: unknown; result?: any; error?: any });
    const answerTo = async (id: unknown) => {
      for (;;) {
        const found = answers().find((a) => a.id === id);
        if (found !== undefined) return found;
        const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("wait"), 50))]);
        if (code !== "wait")
          throw new Error(`the server exited (${String(code)}) before answering ${String(id)}: ${stderr}`);
      }
    };
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);

    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    expect((await answerTo(1)).result.serverInfo).toBeDefined();
    send({ jsonrpc: "2.0", method: "notifications/initialized" });

    // A tool call whose argument alone is past the limit, written in pieces as a pipe carries it.
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "review_list", arguments: { file: "x".repeat(MAX_MESSAGE_LINE_BYTES + 1000) } },
    });
    for (let i = 0; i < huge.length; i += 1 << 20) child.stdin.write(huge.slice(i, i + (1 << 20)));
    child.stdin.write("\n");
    send({ jsonrpc: "2.0", id: 3, method: "tools/list" });

    const listed = await answerTo(3);
    expect(listed.result.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(["review_list", "review_reply", "review_open"]),
    );
    expect(answers().find((a) => a.id === null)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32700,
        message: "A message over 10 MB on one line was dropped unread; send it in smaller parts.",
      },
    });
    expect(answers().some((a) => a.id === 2)).toBe(false);
    expect(stderr).toMatch(/^opencode-review mcp: A message over 10 MB on one line was dropped unread/m);
  }, 60_000);
});
