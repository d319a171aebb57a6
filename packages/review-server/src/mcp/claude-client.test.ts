// A real client: Claude Code, set up by `opencode-review setup claude`, driven headless by a scripted model
// on loopback. The person releases two comments over HTTP; the Stop hook rings; the model lists them,
// edits one place with Claude Code's own Edit tool, and claims both resolved: one refused, one accepted.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import { createEventBus } from "../events/event-bus.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import {
  startFakeAnthropicModel,
  type AnthropicTurn,
  type FakeAnthropicModel,
} from "../testing/fake-anthropic-model.js";
import { panelApi } from "../testing/panel-link.js";
import { claudeTrace, runClaude, trustClaudeProject } from "./testing/claude-cli.js";
import { systemClock } from "../service/clock.js";

const APP = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");
const OTHER = ["export const name = 'demo';", "export const size = 2;", ""].join("\n");
const LOOP = "  let sum = 0; // start\n  for (const x of xs) sum += x;\n  return sum;\n";

/** The person, on the panel the running MCP server serves. */
async function api(panelUrl: string, path: string, body?: unknown): Promise<any> {
  return (await panelApi(panelUrl).call(body === undefined ? "GET" : "POST", path.replace(/^\/api/, ""), body)).json;
}

describe("Claude Code 2.1.328 with opencode-review over MCP", () => {
  let repo: TempRepository;
  let home: string;
  let model: FakeAnthropicModel | undefined;
  beforeAll(async () => {
    await buildCli();
    repo = await makeTempRepository();
    await repo.write("src/app.ts", APP);
    await repo.write("src/other.ts", OTHER);
    await repo.commitAll("base");
    await repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0; // start\n"));
    await repo.write("src/other.ts", OTHER.replace("size = 2", "size = 3"));
    home = await mkdtemp(join(tmpdir(), "opencode-review-claude-home-"));
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    await repo?.remove();
    if (home) await rm(home, { recursive: true, force: true });
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

    const threads: { untouched?: string; edited?: string } = {};
    let step = 0;
    const appPath = join(repo.dir, "src", "app.ts");
    model = await startFakeAnthropicModel(async (request): Promise<AnthropicTurn | undefined> => {
      if (step === 0) {
        // The person reviews while the agent works, on the panel of this session's MCP server (found as the
        // person finds it, with opencode-review url), and releases.
        const panelUrl = (await runCliToEnd(["url", "--repo", repo.dir])).stdout.trim().split("\n")[0]!;
        const edited = await api(panelUrl, "/api/threads", {
          file: "src/app.ts",
          start: 2,
          end: 4,
          body: "Use reduce instead of the loop.",
        });
        const untouched = await api(panelUrl, "/api/threads", {
          file: "src/other.ts",
          start: 2,
          end: 2,
          body: "Why 3?",
        });
        threads.edited = edited.thread.id;
        threads.untouched = untouched.thread.id;
        await api(panelUrl, "/api/review/release", {});
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

    const notice =
      "The reviewer released 2 comments on src/app.ts, src/other.ts. Call review_list to read them, fix the code, then review_reply to each.";
    // The Stop hook's block reached the model as its next instruction, after the turn that ended.
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes(notice)),
      trace,
    ).toBe(true);
    expect(model.requests[0]!.userTexts.some((text) => text.includes(notice))).toBe(false);
    // Claude Code, like Codex, hands the model a tool's structuredContent as JSON and drops the text: the
    // prose reaches it there, under prose, before the metadata.
    const listed = JSON.parse(model.requests[2]!.toolResults.at(-1)!.text);
    expect(Object.keys(listed)[0]).toBe("prose");
    expect(listed.prose).toMatch(/^2 threads in 2 files: 2 waiting for you\./);
    expect(listed.prose).toContain(`## ${threads.edited} · src/app.ts:2-4 · `);
    expect(listed.prose).toContain("reviewer: Use reduce instead of the loop.");
    expect(listed.prose).toContain(`## ${threads.untouched} · src/other.ts:2 · `);
    expect(listed.prose).toContain("reviewer: Why 3?");
    expect(listed.threads).toHaveLength(2);
    expect(model.requests[4]!.toolResults.at(-1)!.isError, trace).toBe(false);
    const refused = model.requests[5]!.toolResults.at(-1)!;
    expect(refused.isError).toBe(false);
    expect(refused.text).toMatch(/"refusal":"Replied, but not resolved: /);
    expect(refused.text).toContain('"resolved":false');
    const accepted = model.requests[6]!.toolResults.at(-1)!.text;
    expect(accepted).toContain('"resolved":true');
    expect(accepted).not.toContain('"refusal"');
    expect(await readFile(appPath, "utf8")).toBe(
      "export function total(xs: number[]) {\n  return xs.reduce((a, b) => a + b, 0);\n}\n",
    );

    const store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
    try {
      const service = createReviewService({
        now: systemClock,
        dir: repo.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "tools", deliver: async () => null },
      });
      const all = await service.listThreads({ status: "all" });
      expect(all.find((t) => t.id === threads.edited)).toMatchObject({ status: "resolved", resolvedBy: "agent" });
      expect(all.find((t) => t.id === threads.untouched)).toMatchObject({ status: "open", awaiting: "human" });
    } finally {
      await store.close();
    }
  }, 200_000);

  it("the prompt hook puts the waiting line before the prompt; after one block the Stop hook lets the agent stop", async () => {
    // The person answers the refused thread from another panel on the same store, and releases.
    const store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
    try {
      const service = createReviewService({
        now: systemClock,
        dir: repo.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "tools", deliver: async () => null },
      });
      const untouched = (await service.listThreads({ status: "waiting" })).find((t) => t.file === "src/other.ts")!.id;
      await service.draftReply(untouched, { body: "It is not fixed: size is still 3." });
      await service.release({});
    } finally {
      await store.close();
    }
    await model?.close();
    // This time the agent ignores the doorbell: the Stop hook must not hold it in a loop.
    model = await startFakeAnthropicModel(() => ({ kind: "text", text: "Later." }));

    const run = await runClaude(home, repo.dir, model.url, "Anything else?");
    expect(run.code).toBe(0);
    const waitingLine = "Code review: 1 thread waits for you in src/other.ts (call review_list).";
    // Claude Code adds a UserPromptSubmit hook's output to the conversation's context.
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain(`UserPromptSubmit hook success: ${waitingLine}`);
    expect(model.requests[1]!.userTexts).toContain(
      "Stop hook feedback:\nThe reviewer released 1 comment on src/other.ts. Call review_list to read it, fix the code, then review_reply to it.",
    );
    // Blocked once, then stop_hook_active: the run ends instead of ringing again.
    expect(model.requests).toHaveLength(2);
  }, 200_000);
});
