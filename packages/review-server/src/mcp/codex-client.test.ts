// A real client: Codex CLI, set up by `opencode-review setup codex`, driven headless by a scripted model
// on loopback. The person releases two comments over HTTP; the Stop hook rings; the model lists them,
// edits one place with Codex's own shell tool, and claims both resolved: one refused, one accepted; then it leaves its tour.
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import { createEventBus } from "../events/event-bus.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import {
  startFakeResponsesModel,
  type FakeResponsesModel,
  type ResponsesTurn,
} from "../testing/fake-responses-model.js";
import { eventually } from "../testing/eventually.js";
import { panelApi } from "../testing/panel-link.js";
import { codexTrace, runCodex, writeCodexConfig } from "./testing/codex-cli.js";
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
const FIXED_APP = ["export function total(xs: number[]) {", "  return xs.reduce((a, b) => a + b, 0);", "}", ""].join(
  "\n",
);

/** The person, on the panel the running MCP server serves. */
async function api(panelUrl: string, path: string, body?: unknown): Promise<any> {
  return (await panelApi(panelUrl).call(body === undefined ? "GET" : "POST", path.replace(/^\/api/, ""), body)).json;
}

describe("Codex CLI 0.169 with opencode-review over MCP", () => {
  let repo: TempRepository;
  let home: string;
  let model: FakeResponsesModel;
  beforeAll(async () => {
    await buildCli();
    repo = await makeTempRepository();
    await repo.write("src/app.ts", APP);
    await repo.write("src/other.ts", OTHER);
    await repo.commitAll("base");
    // The agent's earlier change, so there is a diff to review.
    await repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0; // start\n"));
    await repo.write("src/other.ts", OTHER.replace("size = 2", "size = 3"));
    home = await mkdtemp(join(tmpdir(), "opencode-review-codex-home-"));
  }, 180_000);
  afterAll(async () => {
    await model?.close();
    await repo?.remove();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("the Stop hook rings with the release notice; a refused and an accepted checked resolve reach the model", async () => {
    // The project's own Codex settings, which set-up merges into (a second run changes nothing).
    await mkdir(join(repo.dir, ".codex"), { recursive: true });
    await writeFile(join(repo.dir, ".codex", "config.toml"), '# this project\nmodel_reasoning_effort = "low"\n');
    const first = await runCliToEnd(["setup", "codex", "--local", "--repo", repo.dir]);
    expect(first.stdout).toContain(".codex/config.toml: added [mcp_servers.opencode-review]");
    const configured = await readFile(join(repo.dir, ".codex", "config.toml"), "utf8");
    const again = await runCliToEnd(["setup", "codex", "--local", "--repo", repo.dir]);
    expect(again.stdout).toContain("Already set up for Codex; nothing changed.");
    expect(await readFile(join(repo.dir, ".codex", "config.toml"), "utf8")).toBe(configured);

    const threads: { untouched?: string; edited?: string } = {};
    let waitingAfterRelease: unknown;
    let step = 0;
    model = await startFakeResponsesModel(async (request): Promise<ResponsesTurn | undefined> => {
      const review = request.namespaces.find((n) => n.tools.includes("review_list"));
      if (step === 0) {
        // The person reviews while the agent works, on the panel of this Codex's MCP server, and releases.
        // (Codex may send this first request before the server's tools are listed: the panel is found as
        // the person finds it, with opencode-review url.)
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
        waitingAfterRelease = (await api(panelUrl, "/api/review")).waiting;
        step++;
        return { kind: "text", text: "I finished the change." };
      }
      if (review === undefined)
        throw new Error(`no review tools offered: ${request.namespaces.map((n) => n.name).join(", ")}`);
      expect(review.description).toMatch(/The person reviews in a web panel at http:\/\/127\.0\.0\.1:\d+\/#token=/);
      const call = (name: string, args: Record<string, unknown>): ResponsesTurn => ({
        kind: "tools",
        calls: [{ name, namespace: review.name, args }],
      });
      switch (step++) {
        case 1:
          return call("review_list", {});
        case 2:
          // Codex's own tool edits the file, as the agent would.
          return {
            kind: "tools",
            calls: [{ name: "exec_command", args: { cmd: `cat > src/app.ts <<'EOF'\n${FIXED_APP}EOF`, tty: false } }],
          };
        case 3:
          return call("review_reply", { id: threads.untouched, text: "Fixed.", resolved: true });
        case 4:
          return call("review_reply", { id: threads.edited, text: "Now a reduce.", resolved: true });
        case 5:
          // The agent's tour of its change, through the same MCP server: one step, the other file unexplained.
          return call("review_tour", {
            title: "Reading order",
            steps: [{ file: "src/app.ts", from: 1, to: 3, text: "The sum is now a reduce." }],
          });
        case 6:
          return { kind: "text", text: "Both comments are answered." };
        default:
          return undefined;
      }
    });

    await writeCodexConfig(home, repo.dir, model.url);

    const run = await runCodex(home, repo.dir, "Tidy up src/app.ts.");
    const trace = codexTrace(run);
    expect(run.code, trace).toBe(0);
    expect(step, trace).toBeGreaterThanOrEqual(7);

    // Codex ended its MCP server with the run: its panel is gone from the list. Codex closes the server's
    // stdin and exits without waiting for it, so the server may still be shutting down for a moment (CI saw
    // its panel listed right after Codex's exit): wait, within seconds, for the list to be empty.
    const ended = await eventually(
      async () => {
        const listed = await runCliToEnd(["url", "--repo", repo.dir]);
        return listed.code === 1 ? listed : null;
      },
      "Codex's MCP server ended and its panel left the list",
      15_000,
    );
    expect(ended).toMatchObject({ code: 1, stdout: "" });

    // The release waited for the agent's next turn.
    expect(waitingAfterRelease).toMatchObject({
      messages: 2,
      text: "2 released comments on src/app.ts, src/other.ts: waiting for the agent's next turn.",
    });
    // The agent's turn ended; the Stop hook blocked with the notice, and Codex went on with it as the next instruction.
    const notice =
      "The reviewer released 2 comments on src/app.ts, src/other.ts. Call review_list to read them, fix the code, then review_reply to each.";
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes(notice)),
      trace,
    ).toBe(true);
    expect(model.requests[0]!.userTexts.some((text) => text.includes(notice))).toBe(false);
    // Codex hands the model a tool's structuredContent as JSON (after its own "Wall time" lines) and drops the
    // text: the prose reaches it there, under prose, before the metadata.
    const listed = model.requests[2]!.toolOutputs.at(-1)!.output;
    const listedJson = JSON.parse(listed.slice(listed.indexOf("{")));
    expect(Object.keys(listedJson)[0]).toBe("prose");
    expect(listedJson.prose).toMatch(/^2 threads in 2 files: 2 waiting for you\./);
    expect(listedJson.prose).toContain(`## ${threads.edited} · src/app.ts:2-4 · `);
    expect(listedJson.prose).toContain("reviewer: Use reduce instead of the loop.");
    expect(listedJson.prose).toContain(`## ${threads.untouched} · src/other.ts:2 · `);
    expect(listedJson.prose).toContain("reviewer: Why 3?");
    expect(listedJson.threads.every((t: any) => t.messages[0].delivery === "delivered")).toBe(true);
    // The untouched thread's resolve was refused, and the model was told why.
    const refused = model.requests[4]!.toolOutputs.at(-1)!.output;
    expect(refused).toMatch(/"refusal":"Replied, but not resolved: /);
    expect(refused).toContain('"resolved":false');
    const accepted = model.requests[5]!.toolOutputs.at(-1)!.output;
    expect(accepted).toContain('"resolved":true');
    expect(accepted).not.toContain('"refusal"');
    expect(await readFile(join(repo.dir, "src", "app.ts"), "utf8")).toBe(FIXED_APP);
    // The tour reached the model as the tool's answer, and names what no step explains.
    const toured = model.requests[6]!.toolOutputs.at(-1)!.output;
    expect(toured).toContain("The sum is now a reduce.");
    expect(toured).toContain("src/other.ts");

    // What the person sees afterwards, from the same store.
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
      expect(all.find((t) => t.id === threads.untouched)!.messages.map((m) => m.body)).toEqual(["Why 3?", "Fixed."]);
      // The person's panels read the same tour: its step current on the lines it names, the other file uncovered.
      const tour = await service.tour();
      expect(tour).toMatchObject({
        title: "Reading order",
        steps: [
          { file: "src/app.ts", start: 1, end: 3, text: "The sum is now a reduce.", anchor: { state: "current" } },
        ],
      });
      // (set-up's own .codex files are new in the work tree too, and no step explains them either)
      expect(tour!.uncovered.map((h) => h.file)).toContain("src/other.ts");
      expect(tour!.uncovered.map((h) => h.file)).not.toContain("src/app.ts");
    } finally {
      await store.close();
    }
  }, 200_000);

  it("the prompt hook puts the waiting line before the prompt; after one block the Stop hook lets the agent stop", async () => {
    // The person answers the refused thread from another panel on the same store, and releases.
    const store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
    let untouched: string;
    try {
      const service = createReviewService({
        now: systemClock,
        dir: repo.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "tools", deliver: async () => null },
      });
      untouched = (await service.listThreads({ status: "waiting" })).find((t) => t.file === "src/other.ts")!.id;
      await service.draftReply(untouched, { body: "It is not fixed: size is still 3." });
      await service.release({});
    } finally {
      await store.close();
    }
    await model?.close();
    // This time the agent ignores the doorbell: the Stop hook must not hold it in a loop.
    model = await startFakeResponsesModel(() => ({ kind: "text", text: "Later." }));
    await writeCodexConfig(home, repo.dir, model.url);

    const run = await runCodex(home, repo.dir, "Anything else?");
    expect(run.code).toBe(0);
    const waitingLine = "Code review: 1 thread waits for you in src/other.ts (call review_list).";
    // Codex adds a UserPromptSubmit hook's output as a developer message right after the prompt.
    expect(model.requests[0]!.developerTexts).toContain(waitingLine);
    expect(
      model.requests[1]!.userTexts.some((text) => text.includes("The reviewer released 1 comment on src/other.ts.")),
    ).toBe(true);
    // Blocked once, then stop_hook_active: the run ends instead of ringing again.
    expect(model.requests).toHaveLength(2);
  }, 200_000);
});
