import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { afterEach, describe, expect, test } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../service/testing/service-fixture.js";
import { createReviewTools } from "./review-tools.js";

const APP = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

type Result = { title: string; output: string; metadata: Record<string, any> };

/** A released comment on src/app.ts line 3, the agent's tools, and a way to call them as one session's turns. */
async function setup() {
  fixture = await makeServiceFixture({ "src/app.ts": APP });
  await fixture.repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n"));
  const thread = await fixture.service.draftThread({ file: "src/app.ts", start: 4, end: 4, body: "Use reduce here." });
  await fixture.service.release({});
  const tools = createReviewTools(async () => fixture!.service);
  const call = async (
    definition: ToolDefinition,
    args: Record<string, unknown>,
    turn: string,
    session = "ses_a",
  ): Promise<Result> => {
    const context: ToolContext = {
      sessionID: session,
      messageID: turn,
      agent: "build",
      directory: fixture!.repo.dir,
      worktree: fixture!.repo.dir,
      abort: new AbortController().signal,
      metadata() {},
      async ask() {},
    };
    const result = await definition.execute(args as never, context);
    if (typeof result === "string") throw new Error(`expected a structured result, got: ${result}`);
    return result as Result;
  };
  return { tools, call, threadId: thread.id };
}

/** The agent's messages on a thread, as the person's panel lists them. */
async function agentMessages(id: string): Promise<string[]> {
  const thread = (await fixture!.service.listThreads({ status: "all" })).find((t) => t.id === id)!;
  return thread.messages.filter((m) => m.author === "agent").map((m) => m.body);
}

async function notes(): Promise<number> {
  return (await fixture!.service.listThreads({ status: "all" })).filter((t) => t.origin === "agent").length;
}

describe("a retried review_reply or review_open is harmless", () => {
  test("the same reply twice in one turn stores one message and answers the first result twice", async () => {
    const { tools, call, threadId } = await setup();
    const first = await call(tools.review_reply, { id: threadId, text: "Switched to reduce." }, "msg_1");
    const again = await call(tools.review_reply, { id: threadId, text: "Switched to reduce." }, "msg_1");
    expect(again).toEqual(first);
    expect(await agentMessages(threadId)).toEqual(["Switched to reduce."]);
  });

  test("sent twice at once (a parallel retry), still one message", async () => {
    const { tools, call, threadId } = await setup();
    const [a, b] = await Promise.all([
      call(tools.review_reply, { id: threadId, text: "Done." }, "msg_1"),
      call(tools.review_reply, { id: threadId, text: "Done." }, "msg_1"),
    ]);
    expect(a.metadata.thread.messages).toEqual(b.metadata.thread.messages);
    expect(await agentMessages(threadId)).toEqual(["Done."]);
  });

  test("retried in the next turn with nothing between (a timeout), one message; by file and line the same", async () => {
    const { tools, call, threadId } = await setup();
    await call(tools.review_reply, { file: "app.ts", line: 4, text: "Done." }, "msg_1");
    const retry = await call(tools.review_reply, { file: "app.ts", line: 4, text: "Done." }, "msg_2");
    expect(retry.output).toContain(`Replied to thread ${threadId}`);
    expect(await agentMessages(threadId)).toEqual(["Done."]);
  });

  test("the same words after the agent did something else are a second message", async () => {
    const { tools, call, threadId } = await setup();
    await call(tools.review_reply, { id: threadId, text: "Done." }, "msg_1");
    await call(tools.review_list, {}, "msg_2");
    await call(tools.review_reply, { id: threadId, text: "Done." }, "msg_3");
    // Another tool of opencode's (an edit), as the plugin's tool.execute.before hook reports it.
    fixture!.service.sawAgentCall("ses_a");
    await call(tools.review_reply, { id: threadId, text: "Done." }, "msg_4");
    expect(await agentMessages(threadId)).toEqual(["Done.", "Done.", "Done."]);
  });

  test("other words, another thread or another session are never taken for a retry", async () => {
    const { tools, call, threadId } = await setup();
    await call(tools.review_reply, { id: threadId, text: "Done." }, "msg_1");
    await call(tools.review_reply, { id: threadId, text: "Done, and tested." }, "msg_1");
    await call(tools.review_reply, { id: threadId, text: "Done." }, "msg_1", "ses_b");
    expect(await agentMessages(threadId)).toEqual(["Done.", "Done, and tested.", "Done."]);
  });

  test("a refused call is not remembered: its retry runs again and says why again", async () => {
    const { tools, call } = await setup();
    const refused = () =>
      call(tools.review_reply, { id: "t_nope", text: "Done." }, "msg_1").then(
        () => null,
        (e: unknown) => (e as Error).message,
      );
    expect(await refused()).toMatch(/t_nope/);
    expect(await refused()).toMatch(/t_nope/);
  });

  test("the same note retried opens one thread; the same note after something else opens a second", async () => {
    const { tools, call } = await setup();
    const args = { file: "src/app.ts", from: 2, to: 3, text: "I kept the loop for speed." };
    const first = await call(tools.review_open, args, "msg_1");
    const sameTurn = await call(tools.review_open, args, "msg_1");
    const nextTurn = await call(tools.review_open, args, "msg_2");
    expect(sameTurn.metadata.thread.id).toBe(first.metadata.thread.id);
    expect(nextTurn.metadata.thread.id).toBe(first.metadata.thread.id);
    expect(await notes()).toBe(1);

    fixture!.service.sawAgentCall("ses_a");
    const later = await call(tools.review_open, args, "msg_3");
    expect(later.metadata.thread.id).not.toBe(first.metadata.thread.id);
    expect(await notes()).toBe(2);
    // A note on another place is its own note even in the same turn.
    await call(tools.review_open, { ...args, from: 1, to: 1 }, "msg_3");
    expect(await notes()).toBe(3);
  });
});
