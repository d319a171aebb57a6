// The pull request loop through `opencode-review mcp` in a real client: Claude Code, headless, driven by a
// scripted model. The GitHub stand-in holds pull request #7 with two threads by alice; the MCP server pulls
// them on start; told "address the PR comments", the model lists them, edits under one, claims both
// resolved (one accepted, one refused by the check); the person pushes with the CLI; GitHub holds each
// reply once in its thread and the one resolve.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../forge/testing/github-fixture.js";
import type { StandInThread } from "../forge/testing/github-stand-in.js";
import { startFakeAnthropicModel, type AnthropicTurn, type FakeAnthropicModel } from "../testing/fake-anthropic-model.js";
import { panelApi } from "../testing/panel-link.js";
import { claudeTrace, runClaude, trustClaudeProject } from "./testing/claude-cli.js";

const LOOP = "  let sum = 0;\n  for (const x of xs) sum += x;\n  return sum;\n";
const REDUCE = "  return xs.reduce((a, b) => a + b, 0);\n";

/** Resolves once the running MCP server's own start pull has brought `count` forge threads in. */
async function pulledByServer(repo: string, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const link = (await runCliToEnd(["url", "--repo", repo])).stdout.trim().split("\n")[0];
    if (link !== undefined && link !== "") {
      const threads = (await panelApi(link).call("GET", "/threads?status=all")).json.threads ?? [];
      if (threads.filter((t: any) => t.origin === "forge").length >= count) return;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the MCP server did not pull ${count} forge threads`);
}

describe("Claude Code with opencode-review mcp on a pull request", () => {
  let f: GitHubFixture;
  let home: string;
  let model: FakeAnthropicModel | undefined;
  let edited: StandInThread;
  let untouched: StandInThread;
  beforeAll(async () => {
    await buildCli();
    f = await makeGitHubFixture();
    edited = f.github.addThread(f.pull, { login: "alice", body: "Use reduce instead of the loop.", path: "src/app.ts", line: 4, startLine: 2, commit: f.head });
    untouched = f.github.addThread(f.pull, { login: "alice", body: "Is 'app' the right name?", path: "src/app.ts", line: 7, commit: f.head });
    home = await mkdtemp(join(tmpdir(), "opencode-review-claude-forge-"));
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    await f?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("review_list shows alice's threads; the replies go out with pr push, once each, and only the accepted claim resolves", async () => {
    expect((await runCliToEnd(["setup", "claude", "--local", "--repo", f.repo.dir])).code).toBe(0);
    // The server's token and API bases, as the person gives them in the project's MCP config.
    const config = JSON.parse(await readFile(join(f.repo.dir, ".mcp.json"), "utf8"));
    config.mcpServers["opencode-review"].env = { GH_TOKEN: STAND_IN_TOKEN, GITHUB_API_URL: f.github.url, GITHUB_GRAPHQL_URL: f.github.graphqlUrl };
    await writeFile(join(f.repo.dir, ".mcp.json"), JSON.stringify(config, null, 2) + "\n");
    await trustClaudeProject(home, f.repo.dir);

    const ids: { edited?: string; untouched?: string } = {};
    let listed: any;
    let step = 0;
    const appPath = join(f.repo.dir, "src", "app.ts");
    model = await startFakeAnthropicModel(async (request): Promise<AnthropicTurn | undefined> => {
      const call = (name: string, args: Record<string, unknown>): AnthropicTurn => ({ kind: "tools", calls: [{ name, args }] });
      switch (step++) {
        case 0:
          // The server pulls on start, in the background; the agent's first look comes after it here.
          await pulledByServer(f.repo.dir, 2);
          return call("mcp__opencode-review__review_list", {});
        case 1: {
          listed = JSON.parse(request.toolResults.at(-1)!.text);
          ids.edited = listed.threads.find((t: any) => t.start === 2).id;
          ids.untouched = listed.threads.find((t: any) => t.start === 7).id;
          return call("Read", { file_path: appPath });
        }
        case 2:
          return call("Edit", { file_path: appPath, old_string: LOOP, new_string: REDUCE });
        case 3:
          return call("mcp__opencode-review__review_reply", { id: ids.edited, text: "Now a reduce.", resolved: true });
        case 4:
          return call("mcp__opencode-review__review_reply", { id: ids.untouched, text: "Renamed it.", resolved: true });
        case 5:
          return { kind: "text", text: "Both PR comments are answered; the replies wait for you to push." };
        default:
          return undefined;
      }
    });

    const run = await runClaude(home, f.repo.dir, model.url, "Address the PR comments.");
    const trace = claudeTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(6);

    // The model saw who said what, in the prose as the tool writes it.
    expect(listed.prose).toMatch(/^2 threads: 2 waiting for you\./);
    expect(listed.prose).toContain(`## ${ids.edited} · src/app.ts:2-4 · `);
    expect(listed.prose).toContain("Opened by alice on PR #7.");
    expect(listed.prose).toContain("alice on PR #7: Use reduce instead of the loop.");
    expect(listed.prose).toContain("alice on PR #7: Is 'app' the right name?");
    const accepted = JSON.parse(model.requests[4]!.toolResults.at(-1)!.text);
    expect(accepted).toMatchObject({ resolved: true, thread: { status: "resolved" } });
    const refused = JSON.parse(model.requests[5]!.toolResults.at(-1)!.text);
    expect(refused).toMatchObject({ resolved: false, refusal: expect.stringMatching(/^Replied, but not resolved: /) });
    expect(await readFile(appPath, "utf8")).toContain(REDUCE);
    // Queued, not sent: nothing reached GitHub before the person pushed.
    expect(edited.comments.map((c) => c.login)).toEqual(["alice"]);

    const env = { ...process.env, GH_TOKEN: STAND_IN_TOKEN, GITHUB_API_URL: f.github.url, GITHUB_GRAPHQL_URL: f.github.graphqlUrl };
    const pushed = await runCliToEnd(["pr", "push"], { cwd: f.repo.dir, env });
    expect(pushed, trace).toMatchObject({ code: 0, stderr: "" });
    expect(pushed.stdout.trim()).toBe("PR #7: posted 2 replies, resolved 1 thread (https://github.com/octo/app/pull/7)");
    // Each reply carries its hidden marker (how a lost response is found again), after the words.
    const said = (thread: StandInThread) => thread.comments.map((c) => [c.login, c.body.replace(/\n\n<!-- opencode-review:m_\w+ -->$/, "")]);
    expect(said(edited)).toEqual([["alice", "Use reduce instead of the loop."], ["person", "Now a reduce."]]);
    expect(said(untouched)).toEqual([["alice", "Is 'app' the right name?"], ["person", "Renamed it."]]);
    expect(edited.comments[1]!.replyTo).toBe(edited.comments[0]!.databaseId);
    expect([edited.isResolved, untouched.isResolved]).toEqual([true, false]);
    // A second push sends nothing again.
    expect((await runCliToEnd(["pr", "push"], { cwd: f.repo.dir, env })).code).toBe(0);
    expect([edited.comments.length, untouched.comments.length]).toEqual([2, 2]);
    expect(f.github.problems).toEqual([]);
  }, 200_000);
});
