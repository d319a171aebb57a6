// The MCP server as clients run it: the built CLI's `mcp` in its own process, driven by the SDK's own
// client over stdio, with the person on the panel it serves and the opencode tools beside it for the words.
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { buildCli, runCliToEnd } from "../cli/testing/cli-process.js";
import { createEventBus } from "../events/event-bus.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { createReviewService, type ReviewService } from "../service/index.js";
import { openStore, type Store } from "../store/index.js";
import { REVIEW_LIST_DESCRIPTION } from "../tools/review-list.description.js";
import { REVIEW_OPEN_DESCRIPTION } from "../tools/review-open.description.js";
import { REVIEW_REPLY_DESCRIPTION } from "../tools/review-reply.description.js";
import { REVIEW_TOUR_DESCRIPTION } from "../tools/review-tour.description.js";
import { createReviewTools } from "../tools/review-tools.js";
import { startMcp, type McpProcess } from "./testing/mcp-process.js";
import { panelToken } from "../testing/panel-link.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const APP = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");

const onCleanup = cleanUpAfterEach();

beforeAll(async () => {
  await buildCli();
}, 180_000);

/** A repository with the agent's change in it, so there is a diff to comment on. */
async function changedRepository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  await repo.write("src/app.ts", APP);
  await repo.write("src/util/app.ts", "export const twin = 1;\n");
  await repo.write("README.md", "# demo\n");
  await repo.commitAll("base");
  await repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n"));
  onCleanup(() => repo.remove());
  return repo;
}

async function mcpOn(dir: string): Promise<McpProcess> {
  const mcp = await startMcp(["--repo", dir]);
  onCleanup(() => mcp.close());
  return mcp;
}

/** The person, on the panel an MCP server serves. */
function person(panelUrl: string) {
  const url = new URL(panelUrl);
  const token = panelToken(url.href);
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${url.origin}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
}

/** The plugin's side: a service over the same repository and store file, with the opencode tools on it. */
async function pluginSide(
  repo: TempRepository,
): Promise<{ service: ReviewService; tools: ReturnType<typeof createReviewTools> }> {
  const store: Store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
  onCleanup(() => store.close());
  const service = createReviewService({
    now: systemClock,
    dir: repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  return { service, tools: createReviewTools(async () => service) };
}

const toolContext = (dir: string): ToolContext => ({
  sessionID: "ses_test",
  messageID: "msg_test",
  agent: "build",
  directory: dir,
  worktree: dir,
  abort: new AbortController().signal,
  metadata() {},
  async ask() {},
});

/** What the opencode tool says to the same arguments: its Error's message, or its output. */
async function opencodeSays(definition: ToolDefinition, args: Record<string, unknown>, dir: string): Promise<string> {
  try {
    const result = await definition.execute(args as never, toolContext(dir));
    return typeof result === "string" ? result : result.output;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("opencode-review mcp over a real stdio child process", () => {
  it("lists the four tools with the opencode descriptions and schemas; its instructions carry the guidance and a live panel link", async () => {
    const repo = await changedRepository();
    const mcp = await mcpOn(repo.dir);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["review_list", "review_reply", "review_open", "review_tour"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.review_list!.description).toBe(REVIEW_LIST_DESCRIPTION);
    expect(byName.review_reply!.description).toBe(REVIEW_REPLY_DESCRIPTION);
    expect(byName.review_open!.description).toBe(REVIEW_OPEN_DESCRIPTION);
    expect(byName.review_tour!.description).toBe(REVIEW_TOUR_DESCRIPTION);
    expect(byName.review_tour!.inputSchema).toMatchObject({
      required: ["steps"],
      properties: {
        title: { type: "string" },
        steps: {
          type: "array",
          maxItems: 40,
          items: { required: ["file", "text"], properties: { from: { type: "integer" }, to: { type: "integer" } } },
        },
      },
    });
    expect(byName.review_list!.inputSchema).toMatchObject({
      type: "object",
      properties: { file: { type: "string" }, status: { enum: ["waiting", "all"] } },
    });
    expect(byName.review_reply!.inputSchema).toMatchObject({
      type: "object",
      required: ["text"],
      properties: {
        id: { type: "string" },
        file: { type: "string" },
        line: { type: "integer" },
        text: { type: "string" },
        resolved: { type: "boolean" },
      },
    });
    expect(byName.review_open!.inputSchema).toMatchObject({
      required: ["file", "text"],
      properties: { from: { type: "integer" }, to: { type: "integer" } },
    });

    const instructions = mcp.client.getInstructions() ?? "";
    expect(instructions).toContain("review_list shows the threads waiting for you");
    expect(instructions).toContain("Set resolved: true only when your change addresses it");
    expect(instructions.split("review_tour")).toHaveLength(2);
    expect(mcp.panelUrl).not.toBe("");
    const health = await person(mcp.panelUrl)("/api/health");
    expect(health.json).toMatchObject({ ok: true, tools: true, repo: repo.dir, branch: "main" });
    // The panel link went to stderr for the person; stdout carried only the protocol (the client parsed it all).
    expect(mcp.stderr()).toContain(mcp.panelUrl);
  });

  it("a release waits for the agent's next turn; review_list reads it (delivered), review_reply and review_open answer as in opencode", async () => {
    const repo = await changedRepository();
    const mcp = await mcpOn(repo.dir);
    const api = person(mcp.panelUrl);
    expect((await mcp.call("review_list", {})).text).toMatch(/Nothing is waiting for you/);

    const one = await api("/api/threads", {
      method: "POST",
      body: { file: "src/app.ts", start: 2, end: 4, body: "Use reduce here." },
    });
    await api("/api/threads", {
      method: "POST",
      body: { file: "README.md", start: 1, end: 1, body: "Say what it does." },
    });
    const before = await api("/api/review");
    expect(before.json.session.title).toBe("opencode-review-test (MCP), at the agent's next turn");
    expect(before.json.waiting).toBeNull();
    const released = await api("/api/review/release", { method: "POST", body: {} });
    expect(released.json.review).toMatchObject({ messages: 2, mode: "tools", deliveredTo: null });
    const waiting = await api("/api/review");
    expect(waiting.json.waiting).toEqual({
      messages: 2,
      files: ["src/app.ts", "README.md"],
      text: "2 released comments on src/app.ts, README.md: waiting for the agent's next turn.",
    });
    // Waiting is not failing: the past review reads pending, with no error for the panel to alarm about.
    const pending = (await api("/api/reviews")).json.reviews[0];
    expect(pending.delivery).toEqual({ state: "pending", attempts: 0, dismissed: false });

    const listed = await mcp.call("review_list", {});
    expect(listed.isError).toBe(false);
    expect(listed.text).toContain("Use reduce here.");
    expect(listed.text).toContain("src/app.ts");
    expect(listed.metadata.threads).toHaveLength(2);
    // The prose goes inside structuredContent too, first, for the clients that hand the model only that.
    expect(Object.keys(listed.metadata)[0]).toBe("prose");
    expect(listed.metadata.prose).toBe(listed.text);
    expect(listed.metadata.threads.every((t: any) => t.messages[0].delivery === "delivered")).toBe(true);
    expect((await api("/api/review")).json.waiting).toBeNull();
    // Read by the agent's tool: delivered, to the client the panel named.
    expect((await api("/api/reviews")).json.reviews[0]).toMatchObject({
      deliveredTo: "mcp:opencode-review-test",
      delivery: { state: "delivered", to: "mcp:opencode-review-test" },
    });

    const reply = await mcp.call("review_reply", { id: one.json.thread.id, text: "The loop reads better to me." });
    expect(reply.text).toBe(`Replied to thread ${one.json.thread.id} (src/app.ts:2-4); it now waits for the reviewer.`);
    expect(reply.metadata).toMatchObject({ resolved: false, thread: { id: one.json.thread.id, awaiting: "human" } });
    const note = await mcp.call("review_open", {
      file: "src/app.ts",
      from: 1,
      to: 6,
      text: "I kept the loop for clarity.",
    });
    expect(note.text).toMatch(/^Opened thread \S+ on src\/app\.ts:1-6 for the reviewer/);
    expect(note.metadata.thread).toMatchObject({ origin: "agent", awaiting: "human", start: 1, end: 6 });
    // The person sees both on their panel.
    const all = await api("/api/threads?status=all");
    expect(all.json.threads.map((t: any) => t.messages.at(-1).body)).toEqual(
      expect.arrayContaining(["The loop reads better to me.", "I kept the loop for clarity."]),
    );
  });

  it("review_tour: the tour reaches the person's panel with its steps and the hunk no step touches", async () => {
    const repo = await changedRepository();
    await repo.write("README.md", "# demo\n\nSums numbers.\n");
    const mcp = await mcpOn(repo.dir);
    const api = person(mcp.panelUrl);
    expect((await api("/api/tour")).json).toEqual({ tour: null });
    const written = await mcp.call("review_tour", {
      title: "Comment the sum",
      steps: [{ file: "src/app.ts", from: 3, text: "The comment says what the loop is for." }],
    });
    expect(written.isError).toBe(false);
    expect(written.text).toMatch(/^Tour \S+ "Comment the sum" is shown to the reviewer/);
    expect(written.text).toContain("1. src/app.ts:3");
    expect(written.text).toContain("1 hunk of the change no step touches: README.md lines 2-3.");
    const shown = (await api("/api/tour")).json.tour;
    expect(shown).toMatchObject({
      id: written.metadata.tour.id,
      title: "Comment the sum",
      steps: [{ file: "src/app.ts", start: 3, end: 3, anchor: { state: "current", start: 3, end: 3 } }],
      uncovered: [{ file: "README.md", start: 2, end: 3 }],
    });
  });

  it("the checked resolve: refused over untouched lines with the reason, accepted after an edit under the thread", async () => {
    const repo = await changedRepository();
    const mcp = await mcpOn(repo.dir);
    const api = person(mcp.panelUrl);
    const t = (
      await api("/api/threads", {
        method: "POST",
        body: { file: "src/app.ts", start: 2, end: 4, body: "Use reduce here." },
      })
    ).json.thread;
    await api("/api/review/release", { method: "POST", body: {} });

    const refused = await mcp.call("review_reply", { file: "app.ts", line: 3, text: "Fixed.", resolved: true });
    expect(refused.isError).toBe(false);
    expect(refused.text).toMatch(/^Replied, but not resolved: /);
    expect(refused.metadata).toMatchObject({
      resolved: false,
      refusal: expect.stringMatching(/^Replied, but not resolved: /),
      thread: { status: "open" },
    });

    await repo.write(
      "src/app.ts",
      "export function total(xs: number[]) {\n  return xs.reduce((a, b) => a + b, 0);\n}\n",
    );
    const accepted = await mcp.call("review_reply", { id: t.id, text: "Done: reduce.", resolved: true });
    expect(accepted.text).toMatch(
      new RegExp(`^Replied to thread ${t.id} \\(src/app\\.ts:[\\d-]+\\) and marked it resolved\\.$`),
    );
    expect(accepted.metadata).toMatchObject({
      resolved: true,
      thread: { id: t.id, status: "resolved", resolvedBy: "agent" },
    });
    expect(accepted.metadata.refusal).toBeUndefined();
  });

  it("each bad input is refused with the opencode tools' own words, and stores nothing", async () => {
    const repo = await changedRepository();
    const mcp = await mcpOn(repo.dir);
    const api = person(mcp.panelUrl);
    const one = (
      await api("/api/threads", { method: "POST", body: { file: "src/app.ts", start: 2, end: 3, body: "one" } })
    ).json.thread;
    await api("/api/threads", { method: "POST", body: { file: "src/app.ts", start: 3, end: 4, body: "two" } });
    await api("/api/review/release", { method: "POST", body: {} });
    const { tools } = await pluginSide(repo);
    const stored = async () =>
      JSON.stringify(
        (await api("/api/threads?status=all")).json.threads.map((t: any) => [
          t.id,
          t.status,
          t.messages.map((m: any) => m.body),
        ]),
      );
    const before = await stored();

    const cases: [keyof typeof tools, Record<string, unknown>, RegExp][] = [
      ["review_reply", { id: "t_unknown", text: "x" }, /No thread t_unknown\. Call review_list/],
      ["review_reply", { file: "app.ts", line: 3, text: "which?" }, /t_/],
      ["review_open", { file: "../outside.ts", text: "x" }, /outside|work tree/i],
      ["review_open", { file: "/etc/passwd", line: 1, text: "x" }, /outside|work tree/i],
      ["review_open", { file: "src/app.ts", line: 99, text: "x" }, /past the end/],
      [
        "review_open",
        { file: "src/app.ts", text: "x".repeat(1001) },
        /^text: text is 1001 characters; the limit is 1000/,
      ],
      ["review_reply", { id: "t_unknown", text: "é".repeat(1001) }, /1001 characters/],
      ["review_open", { file: "src/app.ts", from: 6, to: 3, text: "x" }, /^to: to \(3\) is before from \(6\)/],
      ["review_reply", { text: "to whom?" }, /^id: .*give the thread's id, or its file and a line/],
      ["review_list", { status: "everything" }, /^status: status must be "waiting" or "all"/],
      // A misspelled argument on a call that is otherwise good: refused, never taken as "no claim".
      [
        "review_reply",
        { id: one.id, text: "Fixed.", resolve: true },
        /^Unknown argument `resolve`; did you mean `resolved`\?$/,
      ],
      ["review_open", { file: "src/app.ts", lines: 2, text: "x" }, /^Unknown argument `lines`; did you mean `line`\?$/],
      ["review_tour", { steps: [{ file: "../outside.ts", text: "x" }] }, /^Step 1: .*work tree/],
      [
        "review_tour",
        { steps: Array.from({ length: 41 }, () => ({ file: "src/app.ts", text: "x" })) },
        /^steps: steps has too many steps; give at most 40/,
      ],
      ["review_tour", { steps: [{ file: "src/app.ts", text: "" }] }, /^steps\[0\]\.text: text is empty/],
      ["review_tour", { steps: [{ file: "src/app.ts", text: "x" }], tittle: "x" }, /^Unknown argument `tittle`/],
    ];
    for (const [name, args, words] of cases) {
      const answer = await mcp.call(name, args);
      expect(answer.isError, `${name} ${JSON.stringify(args).slice(0, 60)}`).toBe(true);
      expect(answer.text).toMatch(words);
      // Word for word what opencode's tool says to the same call on the same store.
      expect(answer.text).toBe(await opencodeSays(tools[name], args, repo.dir));
    }
    // The ambiguous reference lists every candidate id.
    const ambiguous = await mcp.call("review_reply", { file: "app.ts", line: 3, text: "which?" });
    for (const t of (await api("/api/threads?status=all")).json.threads) expect(ambiguous.text).toContain(t.id);
    expect(await stored()).toBe(before);
  });

  it("a tool it does not list is a protocol error (InvalidParams), as the SDK's McpServer answers it", async () => {
    const repo = await changedRepository();
    const mcp = await mcpOn(repo.dir);
    const error = await mcp.client.callTool({ name: "review_everything", arguments: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain(
      "Tool review_everything not found; the review tools are review_list, review_reply, review_open, review_tour.",
    );
    // The server goes on serving.
    expect((await mcp.call("review_list", {})).isError).toBe(false);
  });

  it("in a folder that is not a git repository, every tool says so in opencode's words", async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-plain-")));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    const mcp = await mcpOn(dir);
    expect(mcp.client.getInstructions()).toContain("The review panel is not running here");
    for (const [name, args] of [
      ["review_list", {}],
      ["review_reply", { id: "t_1", text: "x" }],
      ["review_open", { file: "a.ts", text: "x" }],
    ] as const) {
      const answer = await mcp.call(name, args);
      expect(answer.isError).toBe(true);
      expect(answer.text).toBe(
        `${dir} is not inside a git repository. Run git init there, or start from your project's folder.`,
      );
    }
    expect(mcp.stderr()).toContain("is not inside a git repository");
  });

  it("the repository comes from CLAUDE_PROJECT_DIR when --repo is not given", async () => {
    const repo = await changedRepository();
    const mcp = await startMcp([], { cwd: tmpdir(), env: { CLAUDE_PROJECT_DIR: repo.dir } });
    onCleanup(() => mcp.close());
    expect((await person(mcp.panelUrl)("/api/health")).json.repo).toBe(repo.dir);
  });

  it("a plugin's service and two MCP servers write the same threads at once: every write lands, each MCP process has its own listed panel", async () => {
    const repo = await changedRepository();
    const [a, b] = await Promise.all([mcpOn(repo.dir), mcpOn(repo.dir)]);
    expect(a.panelUrl).not.toBe(b.panelUrl);
    const urls = await runCliToEnd(["url", "--repo", repo.dir]);
    expect(urls.stdout.split("\n")).toEqual(expect.arrayContaining([a.panelUrl, b.panelUrl]));

    const plugin = await pluginSide(repo);
    const api = person(a.panelUrl);
    const one = (
      await api("/api/threads", { method: "POST", body: { file: "src/app.ts", start: 2, end: 2, body: "First." } })
    ).json.thread;
    const two = (
      await api("/api/threads", { method: "POST", body: { file: "README.md", start: 1, end: 1, body: "Second." } })
    ).json.thread;
    await api("/api/review/release", { method: "POST", body: {} });

    const rounds = 6;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < rounds; i++) {
      for (const [who, thread] of [
        ["a", one],
        ["b", two],
      ] as const) {
        writes.push(a.call("review_reply", { id: thread.id, text: `a ${who} ${i}` }));
        writes.push(b.call("review_reply", { id: thread.id, text: `b ${who} ${i}` }));
        writes.push(plugin.service.agentReply({ id: thread.id, text: `plugin ${who} ${i}`, resolved: false }));
      }
      writes.push(b.call("review_open", { file: "src/app.ts", line: 1, text: `note ${i}` }));
    }
    const results = await Promise.all(writes);
    expect(results.filter((r: any) => r?.isError === true)).toEqual([]);

    const all = (await person(b.panelUrl)("/api/threads?status=all")).json.threads as any[];
    for (const thread of [one, two]) {
      const bodies = all.find((t) => t.id === thread.id).messages.map((m: any) => m.body);
      expect(bodies).toHaveLength(1 + rounds * 3);
    }
    expect(all.filter((t) => t.origin === "agent")).toHaveLength(rounds);
  });
});
