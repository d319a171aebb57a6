// A real client: Claude Code, set up by `opencode-review setup claude`, driven headless by a scripted model
// on loopback. The person releases two comments over HTTP; the Stop hook rings; the model lists them,
// edits one place with Claude Code's own Edit tool, and claims both resolved: one refused, one accepted.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import type { TempRepository } from "../git/testing/temp-repository.js";
import {
  startFakeAnthropicModel,
  type AnthropicTurn,
  type FakeAnthropicModel,
} from "../testing/fake-anthropic-model.js";
import { claudeTrace, runClaude, trustClaudeProject } from "./testing/claude-cli.js";
import {
  expectListedTwo,
  expectRefusedThenAccepted,
  expectVerdictsStored,
  FIXED_APP,
  LOOP,
  makeClientReview,
  personAnswersRefused,
  personReleasesTwo,
  RELEASE_NOTICE,
  WAITING_LINE,
  type ClientReview,
  type ReleasedThreads,
} from "./testing/client-review.js";

describe("Claude Code 2.1.328 with opencode-review over MCP", () => {
  let review: ClientReview | undefined;
  let repo: TempRepository;
  let home: string;
  let model: FakeAnthropicModel | undefined;
  beforeAll(async () => {
    await buildCli();
    review = await makeClientReview("claude");
    ({ repo, home } = review);
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    await review?.remove();
  });

  it("the Stop hook rings with the release notice; a refused and an accepted checked resolve reach the model", async () => {
    // The project's own settings, which set-up merges into (a second run changes nothing).
    await mkdir(join(repo.dir, ".claude"), { recursive: true });
    await writeFile(
      join(repo.dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Read"] } }, null, 2) + "\n",
    );
    expect((await runCliToEnd(["setup", "claude", "--local", "--repo", repo.dir])).stdout).toContain(
      ".mcp.json: created",
    );
    const settings = await readFile(join(repo.dir, ".claude", "settings.json"), "utf8");
    expect((await runCliToEnd(["setup", "claude", "--local", "--repo", repo.dir])).stdout).toContain(
      "Already set up for Claude Code; nothing changed.",
    );
    expect(await readFile(join(repo.dir, ".claude", "settings.json"), "utf8")).toBe(settings);
    await trustClaudeProject(home, repo.dir);

    const threads: ReleasedThreads = {};
    let step = 0;
    const appPath = join(repo.dir, "src", "app.ts");
    model = await startFakeAnthropicModel(async (request): Promise<AnthropicTurn | undefined> => {
      if (step === 0) {
        await personReleasesTwo(repo.dir, threads);
        step++;
        return { kind: "text", text: "I finished the change." };
      }
      if (!request.tools.includes("mcp__opencode-review__review_list"))
        throw new Error(`no review tools offered: ${request.tools.join(", ")}`);
      const call = (name: string, args: Record<string, unknown>): AnthropicTurn => ({
        kind: "tools",
        calls: [{ name, args }],
      });
      switch (step++) {
        case 1:
          return call("mcp__opencode-review__review_list", {});
        case 2:
          return call("Read", { file_path: appPath });
        case 3:
          // Claude Code's own Edit tool changes the lines under the first thread.
          return call("Edit", {
            file_path: appPath,
            old_string: LOOP,
            new_string: "  return xs.reduce((a, b) => a + b, 0);\n",
          });
        case 4:
          return call("mcp__opencode-review__review_reply", { id: threads.untouched, text: "Fixed.", resolved: true });
        case 5:
          return call("mcp__opencode-review__review_reply", {
            id: threads.edited,
            text: "Now a reduce.",
            resolved: true,
          });
        case 6:
          return { kind: "text", text: "Both comments are answered." };
        default:
          return undefined;
      }
    });

    const run = await runClaude(home, repo.dir, model.url, "Tidy up src/app.ts.");
    const trace = claudeTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(7);

    // The Stop hook's block reached the model as its next instruction, after the turn that ended.
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes(RELEASE_NOTICE)),
      trace,
    ).toBe(true);
    expect(model.requests[0]!.userTexts.some((text) => text.includes(RELEASE_NOTICE))).toBe(false);
    // Claude Code, like Codex, hands the model a tool's structuredContent as JSON and drops the text: the
    // prose reaches it there, under prose, before the metadata.
    const listed = JSON.parse(model.requests[2]!.toolResults.at(-1)!.text);
    expectListedTwo(listed, threads);
    expect(listed.threads).toHaveLength(2);
    expect(model.requests[4]!.toolResults.at(-1)!.isError, trace).toBe(false);
    const refused = model.requests[5]!.toolResults.at(-1)!;
    expect(refused.isError).toBe(false);
    const accepted = model.requests[6]!.toolResults.at(-1)!.text;
    expectRefusedThenAccepted(refused.text, accepted);
    expect(await readFile(appPath, "utf8")).toBe(FIXED_APP);
    await expectVerdictsStored(repo.dir, threads);
  }, 200_000);

  it("the prompt hook puts the waiting line before the prompt; after one block the Stop hook lets the agent stop", async () => {
    await personAnswersRefused(repo.dir);
    await model?.close();
    // This time the agent ignores the doorbell: the Stop hook must not hold it in a loop.
    model = await startFakeAnthropicModel(() => ({ kind: "text", text: "Later." }));

    const run = await runClaude(home, repo.dir, model.url, "Anything else?");
    expect(run.code).toBe(0);
    // Claude Code adds a UserPromptSubmit hook's output to the conversation's context.
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain(
      `UserPromptSubmit hook success: ${WAITING_LINE}`,
    );
    expect(model.requests[1]!.userTexts).toContain(
      "Stop hook feedback:\nThe reviewer released 1 comment on src/other.ts. Call review_list to read it, fix the code, then review_reply to it.",
    );
    // Blocked once, then stop_hook_active: the run ends instead of ringing again.
    expect(model.requests).toHaveLength(2);
  }, 200_000);
});
