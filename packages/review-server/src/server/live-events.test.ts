import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Thread } from "@opencode-review/core";
import { describe, expect, it } from "vitest";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import type { ReleaseDelivery } from "../service/index.js";
import { startReviewServer, type RunningReviewServer } from "./start-review-server.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const delivery: ReleaseDelivery = {
  mode: "tools",
  deliver: async (input) => (input.sessionId ? { sessionId: input.sessionId } : null),
};
const onCleanup = cleanUpAfterEach();

async function repository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  await repo.write("src/calc.ts", "export const rate = 1;\nexport const limit = 10;\n");
  await repo.commitAll("base");
  await repo.write("src/calc.ts", "export const rate = 2;\nexport const limit = 10;\n");
  onCleanup(() => repo.remove());
  return repo;
}

async function start(dir: string, dbPath?: string): Promise<RunningReviewServer> {
  const server = await startReviewServer({
    now: systemClock,
    dir,
    delivery,
    tools: true,
    panelDir: join(dir, "no-panel"),
    feedIntervalMs: 50,
    ...(dbPath === undefined ? {} : { dbPath }),
  });
  onCleanup(() => server.close());
  return server;
}

interface SseEvent {
  readonly event: string;
  readonly data: any;
}

/** A real streaming client of `GET /api/events` (of `branch`'s review when named): resolves once the server says the listener is attached. */
async function subscribe(server: RunningReviewServer, branch?: string) {
  const abort = new AbortController();
  const query = branch === undefined ? "" : `?branch=${encodeURIComponent(branch)}`;
  const response = await fetch(`${server.url}/api/events${query}`, {
    headers: { authorization: `Bearer ${server.token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = "";
  let connected = false;
  const waiters: (() => void)[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(": connected")) connected = true;
        const name = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.replace(/^data: ?/, ""))
          .join("\n");
        if (name !== undefined) events.push({ event: name, data: JSON.parse(data) });
      }
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  onCleanup(async () => {
    abort.abort();
    await pump;
  });

  const until = async <T>(found: () => T | undefined): Promise<T> => {
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await until(() => (connected ? true : undefined));
  return { events, until };
}

async function call(server: RunningReviewServer, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      origin: server.url,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  expect(response.ok, JSON.stringify(json)).toBe(true);
  return json;
}

describe("GET /api/events on a listening server", () => {
  it("streams the thread and review events of a release another client made", async () => {
    const repo = await repository();
    const server = await start(repo.dir);
    const panel = await subscribe(server);

    const { thread } = (await call(server, "POST", "/api/threads", {
      file: "src/calc.ts",
      start: 1,
      end: 1,
      body: "Why 2?",
    })) as {
      thread: Thread;
    };
    await call(server, "POST", "/api/review/release", { sessionId: "ses_live" });

    const review = await panel.until(() => panel.events.find((e) => e.event === "review"));
    expect(review.data).toMatchObject({ messages: 1, mode: "tools", deliveredTo: "ses_live" });
    const released = panel.events.find(
      (e) => e.event === "thread" && e.data.id === thread.id && e.data.status === "open",
    );
    expect(released?.data).toMatchObject({
      file: "src/calc.ts",
      awaiting: "agent",
      messages: [{ body: "Why 2?", delivery: "sent" }],
    });
    // The draft was announced before the release, and the round taken for the draft too.
    // (`branch` events, the branch list's, come and go with the list's own timer.)
    expect(panel.events.map((e) => e.event).filter((e) => e !== "branch")).toEqual([
      "round",
      "thread",
      "thread",
      "review",
    ]);
  });

  it("shows a panel on server B the reply an agent wrote through server A, on the same SQLite file", async () => {
    const repo = await repository();
    const dbDir = await mkdtemp(join(tmpdir(), "ocr-shared-db-"));
    onCleanup(() => rm(dbDir, { recursive: true, force: true }));
    const dbPath = join(dbDir, "review.sqlite");
    const a = await start(repo.dir, dbPath);
    const b = await start(repo.dir, dbPath);

    // The person works in panel B; the agent's opencode process is A.
    const { thread } = (await call(b, "POST", "/api/threads", {
      file: "src/calc.ts",
      start: 1,
      end: 1,
      body: "Why 2?",
    })) as {
      thread: Thread;
    };
    await call(b, "POST", "/api/review/release", {});
    const panelB = await subscribe(b);
    const panelA = await subscribe(a);

    await a.service.agentReply({ id: thread.id, text: "The new tariff doubles it." });

    const seen = await panelB.until(() =>
      panelB.events.find(
        (e) => e.event === "thread" && e.data.messages.some((m: { author: string }) => m.author === "agent"),
      ),
    );
    expect(seen.data).toMatchObject({ id: thread.id, awaiting: "human", unreadByHuman: true });
    expect(seen.data.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["human", "Why 2?"],
      ["agent", "The new tariff doubles it."],
    ]);
    // A saw it from its own bus once, not again from the feed.
    const onA = await panelA.until(() => panelA.events.find((e) => e.event === "thread"));
    expect(onA.data.id).toBe(thread.id);

    // And the other way: a release through B reaches A's panel as a review event.
    await call(b, "POST", `/api/threads/${thread.id}/messages`, { body: "Say so in a comment." });
    await call(b, "POST", "/api/review/release", {});
    const review = await panelA.until(() => panelA.events.find((e) => e.event === "review"));
    expect(review.data).toMatchObject({ messages: 1, mode: "tools" });
    expect(panelA.events.filter((e) => e.event === "thread" && e.data.messages.length === 2)).toHaveLength(1);
  });

  it("shows a panel on server A an undo, its restore and a kept hunk made through server B, on the same SQLite file", async () => {
    const repo = await repository();
    const dbDir = await mkdtemp(join(tmpdir(), "ocr-shared-db-"));
    onCleanup(() => rm(dbDir, { recursive: true, force: true }));
    const dbPath = join(dbDir, "review.sqlite");
    // A is the agent's opencode process (its terminal half reads the same log); B serves the person's web panel.
    const a = await start(repo.dir, dbPath);
    const b = await start(repo.dir, dbPath);
    const panelA = await subscribe(a);
    const panelB = await subscribe(b);

    const read = (await call(b, "GET", "/api/diff")).files.find(
      (file: { path: string }) => file.path === "src/calc.ts",
    );
    const { change } = await call(b, "POST", "/api/changes/undo", {
      file: "src/calc.ts",
      start: 1,
      end: 1,
      blob: read.blob,
    });
    const undone = await panelA.until(() => panelA.events.find((e) => e.event === "change"));
    expect(undone.data).toMatchObject({
      id: change.id,
      kind: "undo",
      file: "src/calc.ts",
      start: 1,
      end: 1,
      restoredAt: null,
    });

    await call(b, "POST", `/api/changes/${change.id}/restore`);
    const restored = await panelA.until(() =>
      panelA.events.find((e) => e.event === "change" && e.data.restoredAt !== null),
    );
    expect(restored.data.id).toBe(change.id);

    const again = (await call(b, "GET", "/api/diff")).files.find(
      (file: { path: string }) => file.path === "src/calc.ts",
    );
    await call(b, "POST", "/api/changes/keep", { file: "src/calc.ts", start: 1, end: 1, blob: again.blob });
    await panelA.until(() => panelA.events.find((e) => e.event === "viewed"));
    // B saw its own undo and restore from its bus, once each, not again from the log.
    expect(panelB.events.filter((e) => e.event === "change").map((e) => e.data.restoredAt === null)).toEqual([
      true,
      false,
    ]);
    expect(panelA.events.filter((e) => e.event === "change")).toHaveLength(2);
  });

  it("shows a panel open on another branch (branch=) the reply the agent in that branch's work tree wrote through its own process", async () => {
    const repo = await repository();
    const dbDir = await mkdtemp(join(tmpdir(), "ocr-shared-db-"));
    onCleanup(() => rm(dbDir, { recursive: true, force: true }));
    const dbPath = join(dbDir, "review.sqlite");
    // The agent's work tree, on its own branch, with its own change.
    const worktreeB = join(dbDir, "agent-b");
    await repo.git("worktree", "add", "-q", "-b", "agent-b", worktreeB);
    await writeFile(join(worktreeB, "src/calc.ts"), "export const rate = 3;\nexport const limit = 10;\n");
    // The person's panel is served by the process in the main work tree; the agent's opencode runs in agent-b's.
    const panelServer = await start(repo.dir, dbPath);
    const agentServer = await start(worktreeB, dbPath);

    const { thread } = (await call(panelServer, "POST", "/api/threads?branch=agent-b", {
      file: "src/calc.ts",
      start: 1,
      end: 1,
      body: "Why 3?",
    })) as { thread: Thread };
    await call(panelServer, "POST", "/api/review/release?branch=agent-b", {});
    const onB = await subscribe(panelServer, "agent-b");
    const own = await subscribe(panelServer);

    await agentServer.service.agentReply({ id: thread.id, text: "Three is the new tariff." });

    const seen = await onB.until(() =>
      onB.events.find(
        (e) => e.event === "thread" && e.data.messages.some((m: { author: string }) => m.author === "agent"),
      ),
    );
    expect(seen.data).toMatchObject({ id: thread.id, awaiting: "human" });
    expect(seen.data.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["human", "Why 3?"],
      ["agent", "Three is the new tariff."],
    ]);
    // The panel on the server's own branch hears nothing of agent-b's threads (only the branch list's entries).
    await call(panelServer, "POST", "/api/threads", { file: "src/calc.ts", start: 2, end: 2, body: "On main" });
    await own.until(() => own.events.find((e) => e.event === "thread"));
    expect(own.events.filter((e) => e.event === "thread").map((e) => e.data.messages[0].body)).toEqual(["On main"]);
    expect(onB.events.filter((e) => e.event === "thread").map((e) => e.data.id)).toEqual([thread.id]);

    // The agent edits a file in agent-b's work tree: the panel open on agent-b is told (its diff is read again),
    // the panel on the server's own branch is not.
    await writeFile(join(worktreeB, "src/calc.ts"), "export const rate = 4;\nexport const limit = 10;\n");
    const edited = await onB.until(() => onB.events.find((e) => e.event === "worktree"));
    expect(edited.data.paths).toEqual(["src/calc.ts"]);
    expect(own.events.filter((e) => e.event === "worktree")).toEqual([]);
  });

  it("shows a panel on server B a reviewer run, its released findings and their triage written through server A", async () => {
    const repo = await repository();
    const dbDir = await mkdtemp(join(tmpdir(), "ocr-shared-db-"));
    onCleanup(() => rm(dbDir, { recursive: true, force: true }));
    const dbPath = join(dbDir, "review.sqlite");
    const a = await start(repo.dir, dbPath);
    const b = await start(repo.dir, dbPath);
    const panelB = await subscribe(b);

    // A is the opencode process driving the run (its supervisor does these steps); B only serves a panel.
    const { run } = await a.service.recordRun({ parentSessionId: "ses_impl", model: "fake/reviewer" });
    const pending = await panelB.until(() => panelB.events.find((e) => e.event === "run" && e.data.id === run.id));
    expect(pending.data).toMatchObject({
      status: "pending",
      model: "fake/reviewer",
      parentSession: { id: "ses_impl" },
    });
    const running = (await a.service.changeRun(run.id, { status: "running", session_id: "ses_reviewer" }, [
      "pending",
    ]))!;
    await panelB.until(() => panelB.events.find((e) => e.event === "run" && e.data.status === "running"));
    await a.service.pinFinding(running, {
      file: "src/calc.ts",
      start: 1,
      body: "Why double the rate?",
      severity: "major",
    });
    // Pinned but not released: B hears the run's count change, never the finding itself.
    await panelB.until(() => panelB.events.find((e) => e.event === "run" && e.data.findings === 1));
    expect(panelB.events.some((e) => e.event === "thread")).toBe(false);

    await a.service.releaseRun(running, { summary: "One question.", verdict: "comment" });
    const completed = await panelB.until(() =>
      panelB.events.find((e) => e.event === "run" && e.data.status === "completed"),
    );
    expect(completed.data).toMatchObject({ id: run.id, findings: 1, summary: "One question.", verdict: "comment" });
    const finding = panelB.events.find((e) => e.event === "thread" && e.data.origin === "reviewer");
    expect(finding?.data).toMatchObject({
      file: "src/calc.ts",
      status: "open",
      severity: "major",
      run: { id: run.id },
    });
    expect(finding?.data.messages[0].body).toBe("Why double the rate?");

    // Triage in B's panel reaches a panel on A the same way: the finding accepted, and the person's draft.
    const panelA = await subscribe(a);
    await call(b, "POST", `/api/threads/${finding!.data.id}/accept`, {});
    const accepted = await panelA.until(() =>
      panelA.events.find((e) => e.event === "thread" && e.data.id === finding!.data.id),
    );
    expect(accepted.data).toMatchObject({ status: "accepted", origin: "reviewer" });
    const draft = await panelA.until(() =>
      panelA.events.find((e) => e.event === "thread" && e.data.id === accepted.data.acceptedThreadId),
    );
    expect(draft.data).toMatchObject({
      status: "draft",
      file: "src/calc.ts",
      messages: [{ body: "Why double the rate?", author: "human" }],
    });
    await call(b, "POST", `/api/threads/${finding!.data.id}/reopen`, {});
    await call(b, "POST", `/api/threads/${finding!.data.id}/dismiss`, {});
    const dismissed = await panelA.until(() =>
      panelA.events.find(
        (e) => e.event === "thread" && e.data.id === finding!.data.id && e.data.status === "dismissed",
      ),
    );
    expect(dismissed.data.acceptedThreadId).toBeNull();
  });
});
