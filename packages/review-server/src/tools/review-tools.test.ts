import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { openStore } from "../store/index.js";
import { createReviewService } from "../service/index.js";
import { seedDraftThreads } from "../service/testing/seed-draft-threads.js";
import { makeServiceFixture, type ServiceFixture } from "../service/testing/service-fixture.js";
import { createReviewTools } from "./review-tools.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const APP = [
  "import { a } from './a';",
  "",
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");

let fixture: ServiceFixture | undefined;
const onCleanup = cleanUpAfterEach();
// Registered after onCleanup's, so it runs before the clean-ups (vitest runs afterEach hooks last first).
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function setup() {
  fixture = await makeServiceFixture({ "src/app.ts": APP, "README.md": "# demo\n" });
  // The agent's change, so there is a diff to comment on.
  await fixture.repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n"));
  const service = fixture.service;
  return { f: fixture, tools: createReviewTools(async () => service) };
}

function context(directory: string): ToolContext {
  return {
    sessionID: "ses_test",
    messageID: "msg_test",
    agent: "build",
    directory,
    worktree: directory,
    abort: new AbortController().signal,
    metadata() {},
    async ask() {},
  };
}

type Result = { title: string; output: string; metadata: Record<string, any> };

async function call(
  definition: ToolDefinition,
  args: Record<string, unknown>,
  dir = fixture!.repo.dir,
): Promise<Result> {
  // opencode hands execute whatever the model sent once the field shapes pass; the tool checks the rest.
  const result = await definition.execute(args as never, context(dir));
  if (typeof result === "string") throw new Error(`expected a structured result, got: ${result}`);
  return result as Result;
}

async function refusal(definition: ToolDefinition, args: Record<string, unknown>): Promise<string> {
  const outcome = await call(definition, args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(Error);
  return (outcome as Error).message;
}

describe("the agent's tools over a real service", () => {
  test("review_list shows only released threads, marks them delivered, and carries them as metadata", async () => {
    const { f, tools } = await setup();
    const empty = await call(tools.review_list, {});
    expect(empty.output).toMatch(/Nothing is waiting for you/);
    expect(empty.metadata.threads).toEqual([]);

    await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    expect((await call(tools.review_list, {})).metadata.threads).toEqual([]);
    await f.service.release({});

    const listed = await call(tools.review_list, {});
    expect(listed.output).toContain("Use reduce here.");
    expect(listed.output).toContain("src/app.ts");
    expect(listed.metadata.threads).toHaveLength(1);
    expect(listed.metadata.threads[0].messages[0].delivery).toBe("delivered");
    expect(listed.title).toBe("1 review thread, 1 waiting for you");
    const [human] = await f.service.listThreads({ status: "waiting" });
    expect(human!.messages[0]!.delivery).toBe("delivered");

    expect((await call(tools.review_list, { file: "README.md" })).metadata.threads).toEqual([]);
    expect((await call(tools.review_list, { file: "app.ts" })).metadata.threads).toHaveLength(1);
  });

  test("review_list over many threads pages them, each page under 20 KB", async () => {
    const { f, tools } = await setup();
    // 51 threads over two files, more than one page holds.
    const places = Array.from({ length: 51 }, (_, i) =>
      i % 2 === 0
        ? { file: "src/app.ts", start: 1 + (i % 8), body: `Comment ${i} ${"word ".repeat(60)}` }
        : { file: "README.md", start: 1, body: `Readme comment ${i} ${"word ".repeat(60)}` },
    );
    await seedDraftThreads(f.service, places);
    await f.service.release({});
    const listed = await call(tools.review_list, {});
    expect(listed.metadata.threads.length).toBeLessThan(51);
    expect(Buffer.byteLength(listed.output, "utf8")).toBeLessThan(20_000);
    expect(listed.output).toContain("README.md");
    expect(listed.output).toContain(`cursor "${listed.metadata.next}"`);
    const rest = await call(tools.review_list, { cursor: listed.metadata.next });
    expect(rest.metadata.next).toBeUndefined();
    expect(rest.output).toContain("src/app.ts");
    expect([...listed.metadata.threads, ...rest.metadata.threads].map((t: { id: string }) => t.id).sort()).toHaveLength(
      51,
    );
  });

  test("review_reply after an edit under the thread resolves it", async () => {
    const { f, tools } = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    await f.repo.write(
      "src/app.ts",
      APP.replace(/ {2}let sum = 0;\n.*\n {2}return sum;\n/s, "  return xs.reduce((a, b) => a + b, 0);\n"),
    );
    const reply = await call(tools.review_reply, { id: t.id, text: "Done: reduce.", resolved: true });
    expect(reply.output).toMatch(new RegExp(`^Replied to thread ${t.id} .* and marked it resolved\\.$`));
    expect(reply.metadata.resolved).toBe(true);
    expect(reply.metadata.refusal).toBeUndefined();
    expect(reply.metadata.thread).toMatchObject({ id: t.id, status: "resolved", resolvedBy: "agent" });
    expect(reply.metadata.thread.messages.at(-1).claim).toEqual({ resolved: true, accepted: true });
  });

  test("review_reply claiming resolved over untouched code is refused, the reply kept", async () => {
    const { f, tools } = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    const reply = await call(tools.review_reply, { file: "app.ts", line: 5, text: "Fixed.", resolved: true });
    expect(reply.output).toMatch(/^Replied, but not resolved: /);
    expect(reply.metadata.resolved).toBe(false);
    expect(reply.metadata.refusal).toMatch(/^Replied, but not resolved: /);
    expect(reply.metadata.thread).toMatchObject({ id: t.id, status: "open", awaiting: "human" });
    expect(reply.metadata.thread.messages.map((m: { body: string }) => m.body)).toEqual(["Use reduce here.", "Fixed."]);
    // The claim and its refusal stay with the message, in the tools' metadata as in every later listing.
    const refused = { resolved: true, accepted: false, reason: "the lines read as they did" };
    expect(reply.metadata.thread.messages[1].claim).toEqual(refused);
    expect(reply.metadata.thread.messages[0].claim).toBeUndefined();
    const listed = await call(tools.review_list, { status: "all" });
    expect(listed.metadata.threads[0].messages[1].claim).toEqual(refused);
  });

  test("review_reply without resolved answers and hands the turn to the person", async () => {
    const { f, tools } = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, body: "Why zero?" });
    await f.service.release({});
    const reply = await call(tools.review_reply, { file: "src/app.ts", text: "The sum of nothing is zero." });
    expect(reply.output).toBe(`Replied to thread ${t.id} (src/app.ts:4); it now waits for the reviewer.`);
    expect(reply.metadata).toMatchObject({ resolved: false, thread: { status: "open", awaiting: "human" } });
    expect(await f.service.waitingForAgent()).toEqual({ count: 0, files: [] });
  });

  test("review_open leaves a note the person sees waiting on them", async () => {
    const { f, tools } = await setup();
    const note = await call(tools.review_open, {
      file: "src/app.ts",
      from: 3,
      to: 7,
      text: "I kept the loop for clarity.",
    });
    expect(note.output).toMatch(/^Opened thread \S+ on src\/app\.ts:3-7/);
    expect(note.metadata.thread).toMatchObject({
      origin: "agent",
      status: "open",
      awaiting: "human",
      start: 3,
      end: 7,
    });
    const whole = await call(tools.review_open, { file: "README.md", text: "Worth a read." });
    expect(whole.metadata.thread).toMatchObject({ start: null, end: null });
    const one = await call(tools.review_open, { file: "src/app.ts", line: 5, text: "This line." });
    expect(one.metadata.thread).toMatchObject({ start: 5, end: 5 });
    const waiting = await f.service.listThreads({ status: "waiting" });
    expect(waiting.map((t) => t.id).sort()).toEqual(
      [note.metadata.thread.id, whole.metadata.thread.id, one.metadata.thread.id].sort(),
    );
  });
});

describe("bad input is an Error telling the model what to do, and stores nothing", () => {
  async function stored(f: ServiceFixture) {
    const threads = await f.service.listThreads({ status: "all" });
    return JSON.stringify(
      threads.map((t) => ({ id: t.id, status: t.status, messages: t.messages.map((m) => m.body) })),
    );
  }

  test("each refusal through the tools' execute", async () => {
    const { f, tools } = await setup();
    await f.service.draftThread({ file: "src/app.ts", start: 4, end: 5, body: "one" });
    await f.service.draftThread({ file: "src/app.ts", start: 5, end: 6, body: "two" });
    await f.service.release({});
    await f.repo.write("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0]));
    const before = await stored(f);

    expect(await refusal(tools.review_reply, { id: "t_unknown", text: "x" })).toMatch(
      /No thread t_unknown\. Call review_list/,
    );
    const ambiguous = await refusal(tools.review_reply, { file: "app.ts", line: 5, text: "which?" });
    const ids = (await f.service.listThreads({ status: "all" })).map((t) => t.id);
    for (const id of ids) expect(ambiguous).toContain(id);
    expect(await refusal(tools.review_reply, { text: "to whom?" })).toMatch(
      /^id: .*give the thread's id, or its file and a line/,
    );
    expect(await refusal(tools.review_open, { file: "../outside.ts", text: "x" })).toMatch(/outside|work tree/i);
    expect(await refusal(tools.review_open, { file: "/etc/passwd", line: 1, text: "x" })).toMatch(/outside|work tree/i);
    expect(await refusal(tools.review_open, { file: "src/app.ts", from: 40, to: 45, text: "x" })).toMatch(
      /past the end/,
    );
    expect(await refusal(tools.review_open, { file: "src/app.ts", line: 99, text: "x" })).toMatch(/past the end/);
    expect(await refusal(tools.review_open, { file: "src/app.ts", from: 6, to: 3, text: "x" })).toMatch(
      /^to: to \(3\) is before from \(6\)/,
    );
    expect(await refusal(tools.review_open, { file: "src/app.ts", to: 3, text: "x" })).toMatch(
      /^from: from is missing/,
    );
    expect(await refusal(tools.review_open, { file: "src/app.ts", line: 2, from: 1, to: 3, text: "x" })).toMatch(
      /^line: /,
    );
    expect(await refusal(tools.review_reply, { id: ids[0], text: "" })).toMatch(/^text: text is empty/);
    expect(await refusal(tools.review_reply, { id: ids[0], text: "   " })).toMatch(/^text: text is empty/);
    expect(await refusal(tools.review_open, { file: "src/app.ts", text: "x".repeat(1001) })).toMatch(
      /^text: text is 1001 characters; the limit is 1000/,
    );
    expect(await refusal(tools.review_reply, { id: ids[0], text: "é".repeat(1001) })).toMatch(/1001 characters/);
    expect(await refusal(tools.review_open, { file: "logo.png", line: 1, text: "x" })).toMatch(/binary/i);
    expect(await refusal(tools.review_open, { file: "nope.ts", text: "x" })).toMatch(/nope\.ts/);
    expect(await refusal(tools.review_list, { status: "everything" })).toMatch(
      /^status: status must be "waiting" or "all"/,
    );

    expect(await stored(f)).toBe(before);
    // A whole 1000 characters is still fine.
    expect((await call(tools.review_reply, { id: ids[0], text: "x".repeat(1000) })).metadata.thread.id).toBe(ids[0]);
  });

  test("a misspelled argument is refused with the name meant, and no reply or note is stored", async () => {
    const { f, tools } = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    const before = await stored(f);
    // As opencode calls a plugin tool: the arguments as the model sent them, unknown keys and all.
    expect(await refusal(tools.review_reply, { id: t.id, text: "Fixed.", resolve: true })).toBe(
      "Unknown argument `resolve`; did you mean `resolved`?",
    );
    expect(await refusal(tools.review_open, { file: "src/app.ts", lines: 4, text: "Note." })).toBe(
      "Unknown argument `lines`; did you mean `line`?",
    );
    expect(await refusal(tools.review_list, { staus: "all" })).toBe("Unknown argument `staus`; did you mean `status`?");
    expect(await stored(f)).toBe(before);
  });

  test("a folder that is not a git repository: every tool says so", async () => {
    const dir = await mkdtemp(join(tmpdir(), "opencode-review-plain-"));
    const store = await openStore({ path: join(dir, "review.sqlite") });
    onCleanup(async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });
    const service = createReviewService({
      now: systemClock,
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const tools = createReviewTools(async () => service);
    for (const [definition, args] of [
      [tools.review_list, {}],
      [tools.review_reply, { id: "t_1", text: "x" }],
      [tools.review_open, { file: "a.ts", text: "x" }],
    ] as const) {
      const outcome = await call(definition, args, dir).then(
        () => null,
        (e: unknown) => e,
      );
      expect((outcome as Error).message).toMatch(/is not inside a git repository\. Run git init there/);
    }
  });
});
