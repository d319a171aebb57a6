// The pull request loop through `opencode-review mcp` in a real client: Claude Code, headless, driven by a
// scripted model. The GitHub stand-in holds pull request #7 with two threads by alice; the MCP server pulls
// them on start; told "address the PR comments", the model lists them, edits under one, claims both
// resolved (one accepted, one refused by the check); the person pushes with the CLI; GitHub holds each
// reply once in its thread and the one resolve.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliToEnd } from "../cli/testing/cli-process.js";
import { startFakeAnthropicModel, type AnthropicTurn } from "../testing/fake-anthropic-model.js";
import { claudeTrace, runClaude, trustClaudeProject } from "./testing/claude-cli.js";
import {
  aliceThreadIds,
  expectAliceListed,
  expectPushedOnce,
  forgeLoopPlaces,
  LOOP,
  REDUCE,
  type ListedResult,
} from "./testing/forge-loop.js";

describe("Claude Code with opencode-review mcp on a pull request", () => {
  const places = forgeLoopPlaces("claude");

  it("review_list shows alice's threads; the replies go out with pr push, once each, and only the accepted claim resolves", async () => {
    const { loop, home } = places;
    const repo = loop.f.repo.dir;
    expect((await runCliToEnd(["setup", "claude", "--local", "--repo", repo])).code).toBe(0);
    await trustClaudeProject(home, repo);

    let listed: ListedResult | undefined;
    let ids: { edited: string; untouched: string } | undefined;
    const answered: { accepted?: unknown; refused?: unknown } = {};
    let step = 0;
    const appPath = join(repo, "src", "app.ts");
    const model = await startFakeAnthropicModel(async (request): Promise<AnthropicTurn | undefined> => {
      const call = (name: string, args: Record<string, unknown>): AnthropicTurn => ({
        kind: "tools",
        calls: [{ name, args }],
      });
      switch (step++) {
        case 0:
          return call("mcp__opencode-review__review_list", {});
        case 1:
          // Claude Code hands the model the result's structuredContent as JSON: the prose is its first field.
          listed = JSON.parse(request.toolResults.at(-1)!.text);
          ids = aliceThreadIds(listed!);
          return call("Read", { file_path: appPath });
        case 2:
          return call("Edit", { file_path: appPath, old_string: LOOP, new_string: REDUCE });
        case 3:
          return call("mcp__opencode-review__review_reply", { id: ids!.edited, text: "Now a reduce.", resolved: true });
        case 4:
          answered.accepted = JSON.parse(request.toolResults.at(-1)!.text);
          return call("mcp__opencode-review__review_reply", {
            id: ids!.untouched,
            text: "Renamed it.",
            resolved: true,
          });
        case 5:
          answered.refused = JSON.parse(request.toolResults.at(-1)!.text);
          return { kind: "text", text: "Both PR comments are answered; the replies wait for you to push." };
        default:
          return undefined;
      }
    });

    places.model = model;
    // The token and API bases are in the person's shell: Claude Code hands its environment to the server.
    const run = await runClaude(home, repo, model.url, "Address the PR comments.", loop.serverEnv);
    const trace = claudeTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(6);
    expectAliceListed(listed!);
    expect(answered.accepted).toMatchObject({ resolved: true, thread: { status: "resolved" } });
    expect(answered.refused).toMatchObject({
      resolved: false,
      refusal: expect.stringMatching(/^Replied, but not resolved: /),
    });
    expect(await readFile(appPath, "utf8")).toContain(REDUCE);

    await expectPushedOnce(loop, { edited: "Now a reduce.", untouched: "Renamed it." });
  }, 200_000);
});
