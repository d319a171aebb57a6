import { spawn } from "node:child_process";
import { afterEach, expect, it } from "vitest";
import { cliPath } from "../cli/testing/cli-process.js";
import { tempPlaces } from "../git/testing/temp-repository.js";

// Two review servers starting together on a repository that has no review database yet (two MCP servers a
// client launched at once, or one beside the opencode plugin) both create and open it. SQLite answers the
// second one's switch to WAL with "database is locked" at once, without waiting, when the first holds the
// file: about one start in twenty failed that way, leaving that server's tools saying the store was unusable.
const PAIRS = 20;

const temp = tempPlaces();
afterEach(() => temp.removeAll());

/** Starts `opencode-review mcp` and resolves with the line it wrote once its review server started, or failed to. */
function startOnce(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, "mcp", "--repo", dir], { stdio: ["pipe", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (data: Buffer) => {
      err += data.toString();
      // The first line says where the panel is, or why the server did not start; then it may stop.
      if (err.includes("\n")) child.stdin.end();
    });
    child.on("error", reject);
    child.on("close", () => resolve(err.split("\n")[0] ?? ""));
  });
}

it(`${PAIRS} pairs of MCP servers started together on a new repository: every one of them starts`, {
  timeout: 240_000,
}, async () => {
  const lines: string[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const repo = await temp.repository();
    await repo.write("src/a.ts", "export const a = 1;\n");
    await repo.commitAll("base");
    lines.push(...(await Promise.all([startOnce(repo.dir), startOnce(repo.dir)])));
  }
  const failed = lines.filter((line) => !/the review panel is at http:\/\/127\.0\.0\.1:\d+/.test(line));
  expect(failed).toEqual([]);
  expect(lines).toHaveLength(PAIRS * 2);
});
