import type { Hooks, PluginInput, ToolContext } from "@opencode-ai/plugin";
import type { Event } from "@opencode-ai/sdk";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import plugin from "../plugin.js";
import { PROSE_GUIDANCE } from "./system-prompt-hook.js";
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

/** opencode's client as the plugin uses it, recording what the plugin said and sent. */
function fakeOpencode(directory: string) {
  const logs: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
  const toasts: { variant: string; message: string }[] = [];
  const prompts: { sessionId: string; text: string }[] = [];
  const client = {
    app: { log: async (o: { body: (typeof logs)[number] }) => (logs.push(o.body), { data: true }) },
    tui: { showToast: async (o: { body: (typeof toasts)[number] }) => (toasts.push(o.body), { data: true }) },
    session: {
      promptAsync: async (o: { path: { id: string }; body: { parts: { text: string }[] } }) => {
        prompts.push({ sessionId: o.path.id, text: o.body.parts.map((p) => p.text).join("") });
        return { data: undefined, error: undefined, response: new Response(null, { status: 204 }) };
      },
    },
  };
  const input = {
    client,
    directory,
    worktree: directory,
    // A placeholder, as under `opencode run`: it must never reach the person.
    serverUrl: new URL("http://opencode.internal"),
  } as unknown as PluginInput;
  return { input, logs, toasts, prompts };
}

async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function repository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  await repo.write("src/app.ts", APP);
  await repo.commitAll("base");
  await repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n"));
  onCleanup(() => repo.remove());
  return repo;
}

async function startPlugin(dir: string, options: Record<string, unknown> = {}) {
  const db = await mkdtemp(join(tmpdir(), "opencode-review-plugin-db-"));
  const opencode = fakeOpencode(dir);
  const hooks = await plugin.server(opencode.input, { dbPath: join(db, "review.sqlite"), ...options });
  onCleanup(async () => {
    await hooks.dispose?.();
    await rm(db, { recursive: true, force: true });
  });
  return { hooks, ...opencode };
}

async function panelOf(started: Awaited<ReturnType<typeof startPlugin>>) {
  const line = await eventually(
    () => started.logs.find((l) => l.message.includes("review panel at")),
    "the panel URL is logged",
  );
  const panelUrl = String(line.extra?.panelUrl);
  const url = new URL(panelUrl);
  const token = new URLSearchParams(url.hash.slice(1)).get("token")!;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url.origin}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as any };
  };
  return { panelUrl, api };
}

async function system(
  hooks: Hooks,
  input: { sessionID?: string } = { sessionID: "ses_1" },
  start: string[] = ["You are opencode."],
) {
  const output = { system: [...start] };
  await hooks["experimental.chat.system.transform"]!({ ...input, model: {} as never }, output);
  return output.system.slice(start.length);
}

function sessionEvent(
  type: "session.created" | "session.updated",
  id: string,
  title: string,
  directory: string,
  parentID?: string,
): Event {
  const info = {
    id,
    projectID: "p",
    directory,
    title,
    version: "1",
    time: { created: 1, updated: 1 },
    ...(parentID ? { parentID } : {}),
  };
  return { type, properties: { info } } as Event;
}

function toolContext(directory: string): ToolContext {
  return {
    sessionID: "ses_1",
    messageID: "m",
    agent: "build",
    directory,
    worktree: directory,
    abort: new AbortController().signal,
    metadata() {},
    async ask() {},
  };
}

describe("the plugin inside opencode", () => {
  test("returns its hooks at once, then shows the panel URL (never opencode's placeholder) in the log and a toast", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    // Nothing was awaited before the hooks came back: the server (git, SQLite, a socket) is still starting.
    expect(started.logs).toEqual([]);
    expect(Object.keys(started.hooks.tool ?? {}).sort()).toEqual([
      "review_comment",
      "review_diff",
      "review_list",
      "review_open",
      "review_release",
      "review_reply",
      "review_tour",
    ]);
    const { panelUrl, api } = await panelOf(started);
    expect(panelUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{32}$/);
    await eventually(() => started.toasts.find((t) => t.message.includes(panelUrl)), "a toast with the panel URL");
    expect(JSON.stringify([started.logs, started.toasts])).not.toContain("opencode.internal");
    expect((await api("GET", "/health")).json).toMatchObject({ ok: true, branch: "main", tools: true });
  });

  test("the system prompt carries guidance, and the waiting line only while threads wait; title requests get nothing", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    const { api } = await panelOf(started);
    const quiet = await system(started.hooks);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toMatch(/review_list/);

    expect((await api("POST", "/threads", { file: "src/app.ts", start: 2, end: 3, body: "Use reduce." })).status).toBe(
      201,
    );
    expect(await system(started.hooks)).toHaveLength(1);
    expect((await api("POST", "/review/release", {})).status).toBe(200);
    const waiting = await system(started.hooks);
    expect(waiting[1]).toBe("Code review: 1 thread waits for you in src/app.ts (call review_list).");

    expect(
      await system(started.hooks, { sessionID: "ses_1" }, [
        "You are a title generator. You output ONLY a thread title.",
      ]),
    ).toEqual([]);
    expect(await system(started.hooks, {})).toEqual([]);
  });

  test("a release rings the most recently active session with a notice naming review_list; made before any session, it waits and goes to the first one that appears", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    const { api } = await panelOf(started);
    await api("POST", "/threads", { file: "src/app.ts", start: 2, end: 2, body: "Why zero?" });
    const unrung = await api("POST", "/review/release", {});
    expect(unrung.json.review.deliveredTo).toBeNull();
    // Not failed: it waits for a session, and says so.
    expect(unrung.json.review.delivery).toMatchObject({ state: "pending", waitsFor: "session" });
    expect(started.prompts).toEqual([]);

    await started.hooks.event!({ event: sessionEvent("session.created", "ses_old", "Older", repo.dir) });
    // The first session that appears takes the waiting release, once.
    await eventually(
      async () => (started.prompts.length === 1 ? true : undefined),
      "the waiting release sent to ses_old",
    );
    expect(started.prompts[0]!).toMatchObject({ sessionId: "ses_old", text: expect.stringMatching(/review_list/) });
    const waited = (await api("GET", "/reviews")).json.reviews.find(
      (r: { id: string }) => r.id === unrung.json.review.id,
    );
    expect(waited.delivery).toMatchObject({ state: "delivered", to: "ses_old" });
    expect(waited.delivery.waitsFor).toBeUndefined();

    await started.hooks.event!({ event: sessionEvent("session.created", "ses_main", "Add totals", repo.dir) });
    await started.hooks.event!({
      event: sessionEvent("session.created", "ses_sub", "Explore task", repo.dir, "ses_main"),
    });
    await eventually(
      async () => ((await api("GET", "/review")).json.session?.id === "ses_main" ? true : undefined),
      "ses_main recorded",
    );
    await started.hooks.event!({
      event: { type: "session.status", properties: { sessionID: "ses_old", status: { type: "busy" } } } as Event,
    });
    await eventually(
      async () => ((await api("GET", "/review")).json.session?.id === "ses_old" ? true : undefined),
      "ses_old active again",
    );
    expect(started.prompts).toHaveLength(1);

    await api("POST", "/threads", { file: "src/app.ts", start: 3, end: 3, body: "And this loop?" });
    const rung = await api("POST", "/review/release", {});
    expect(rung.json.review.deliveredTo).toBe("ses_old");
    expect(started.prompts).toHaveLength(2);
    expect(started.prompts[1]!.sessionId).toBe("ses_old");
    expect(started.prompts[1]!.text).toMatch(/review_list/);
    expect(started.prompts[1]!.text).toMatch(/src\/app\.ts/);
  });

  test("a session going idle with a changed work tree takes a round", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    const { api } = await panelOf(started);
    expect((await api("GET", "/rounds")).json.rounds).toHaveLength(0);
    await started.hooks.event!({ event: { type: "session.idle", properties: { sessionID: "ses_1" } } as Event });
    await eventually(
      async () => ((await api("GET", "/rounds")).json.rounds.length === 1 ? true : undefined),
      "the first round",
    );
    await started.hooks.event!({ event: { type: "session.idle", properties: { sessionID: "ses_1" } } as Event });
    await repo.write("src/app.ts", APP.replace("let sum", "let total"));
    await started.hooks.event!({ event: { type: "session.idle", properties: { sessionID: "ses_1" } } as Event });
    const rounds = await eventually(async () => {
      const listed = (await api("GET", "/rounds")).json.rounds as { ordinal: number }[];
      return listed.length === 2 ? listed : undefined;
    }, "the second round");
    expect(rounds.map((r) => r.ordinal).sort()).toEqual([1, 2]);
  });

  test("with tools: false there are no tools, no tool named in the prompt, and a release goes as prose", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir, { tools: false });
    expect(started.hooks.tool).toBeUndefined();
    const { api } = await panelOf(started);
    expect((await api("GET", "/health")).json.tools).toBe(false);
    await started.hooks.event!({ event: sessionEvent("session.created", "ses_1", "Totals", repo.dir) });
    await eventually(
      async () => ((await api("GET", "/review")).json.session?.id === "ses_1" ? true : undefined),
      "session recorded",
    );
    await api("POST", "/threads", { file: "src/app.ts", start: 2, end: 2, body: "Start from the first item." });
    await api("POST", "/review/release", {});
    expect(started.prompts).toHaveLength(1);
    expect(started.prompts[0]!.text).toContain("Start from the first item.");
    expect(started.prompts[0]!.text).not.toMatch(/review_/);
    const lines = await system(started.hooks);
    expect(lines).toEqual([PROSE_GUIDANCE]);
    expect(lines.join("\n")).not.toMatch(/review_/);
  });

  test("two opencode processes on one repository each serve their own panel over the shared store", async () => {
    const repo = await repository();
    const db = await mkdtemp(join(tmpdir(), "opencode-review-plugin-db-"));
    onCleanup(() => rm(db, { recursive: true, force: true }));
    const shared = { dbPath: join(db, "review.sqlite") };
    const first = await startPlugin(repo.dir, shared);
    const second = await startPlugin(repo.dir, shared);
    const [a, b] = [await panelOf(first), await panelOf(second)];
    expect(new URL(a.panelUrl).port).not.toBe(new URL(b.panelUrl).port);
    await a.api("POST", "/threads", { file: "src/app.ts", start: 2, end: 2, body: "Seen by both?" });
    await a.api("POST", "/review/release", {});
    // The other process's agent learns of it from the same store.
    expect(await system(second.hooks)).toContain(
      "Code review: 1 thread waits for you in src/app.ts (call review_list).",
    );
    const listed = await second.hooks.tool!.review_list!.execute({}, toolContext(repo.dir));
    expect(typeof listed === "string" ? listed : listed.output).toContain("Seen by both?");
  });

  test("a reply retried with nothing between is stored once; after another opencode tool ran, the same words are a new reply", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    const { api } = await panelOf(started);
    const { json } = await api("POST", "/threads", { file: "src/app.ts", start: 2, end: 2, body: "Start at 1?" });
    await api("POST", "/review/release", {});
    const reply = (turn: string) =>
      started.hooks.tool!.review_reply!.execute({ id: json.thread.id, text: "No, 0 is right." } as never, {
        ...toolContext(repo.dir),
        messageID: turn,
      });
    await reply("msg_1");
    await reply("msg_2");
    await started.hooks["tool.execute.before"]!(
      { tool: "review_list", sessionID: "ses_1", callID: "c1" },
      { args: {} },
    );
    await reply("msg_3");
    const agentReplies = async () =>
      (await api("GET", "/threads?status=all")).json.threads[0].messages.filter(
        (m: { author: string }) => m.author === "agent",
      ).length;
    expect(await agentReplies()).toBe(1);
    await started.hooks["tool.execute.before"]!({ tool: "edit", sessionID: "ses_1", callID: "c2" }, { args: {} });
    await reply("msg_4");
    expect(await agentReplies()).toBe(2);
  });

  test("dispose stops the server", async () => {
    const repo = await repository();
    const started = await startPlugin(repo.dir);
    const { api } = await panelOf(started);
    expect((await api("GET", "/health")).status).toBe(200);
    await started.hooks.dispose!();
    await expect(api("GET", "/health")).rejects.toThrow();
  });
});

describe("what the plugin refuses without crashing opencode", () => {
  test.each([
    [{ host: "0.0.0.0" }, /host 0\.0\.0\.0 is not a loopback address/],
    [{ port: "4000" }, /port must be a port number/],
    [{ port: 70000 }, /port/],
    [{ token: "" }, /token is empty/],
    [{ tools: "no" }, /tools must be true or false/],
    [{ Port: 1 }, /Unknown field: Port/],
  ])("bad options %j: one clear error in the log and a toast, and no hooks", async (options, message) => {
    const opencode = fakeOpencode(tmpdir());
    const hooks = await plugin.server(opencode.input, options);
    expect(hooks).toEqual({});
    expect(opencode.logs).toHaveLength(1);
    expect(opencode.logs[0]).toMatchObject({ level: "error" });
    expect(opencode.logs[0]!.message).toMatch(/^opencode-review: bad plugin options in opencode\.json: /);
    expect(opencode.logs[0]!.message).toMatch(message);
    expect(opencode.toasts).toEqual([
      expect.objectContaining({ variant: "error", message: opencode.logs[0]!.message }),
    ]);
  });

  test("a folder that is not a git repository: one log line and toast, tools say so, the prompt stays clean", async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-plain-")));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    const started = await startPlugin(dir);
    const line = await eventually(
      () => started.logs.find((l) => /not a git repository/.test(l.message)),
      "the not-git line",
    );
    expect(line.level).toBe("warn");
    expect(line.message).toContain(dir);
    await eventually(() => started.toasts.find((t) => /not a git repository/.test(t.message)), "the not-git toast");

    for (const [name, args] of [
      ["review_list", {}],
      ["review_reply", { id: "t_1", text: "x" }],
      ["review_open", { file: "a.ts", text: "x" }],
    ] as const) {
      const outcome = await started.hooks.tool![name]!.execute(args as never, toolContext(dir)).then(
        () => null,
        (e: unknown) => e,
      );
      expect((outcome as Error).message).toMatch(/is not a git repository.*Run git init there/);
    }
    expect(await system(started.hooks)).toEqual([]);
    await started.hooks.event!({ event: sessionEvent("session.created", "ses_1", "x", dir) });
    await started.hooks.event!({ event: { type: "session.idle", properties: { sessionID: "ses_1" } } as Event });
    // Said once, not again per call or event.
    expect(started.logs.filter((l) => /not a git repository/.test(l.message))).toHaveLength(1);
    expect(started.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});
