import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEventBus, type EventBus } from "../../events/event-bus.js";
import type { ReviewEvent } from "../../events/review-event.js";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import {
  branchFeed,
  createReviewService,
  inBranchScope,
  type ReleaseDelivery,
  type ReviewService,
} from "../../service/index.js";
import { openStore, type Store } from "../../store/index.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { branchChoice } from "../middleware/branch-choice.js";
import { apiRoutes } from "./index.js";

const PORT = 4399;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "branches-test-token";

/** One process on the repository: its own store connection, service and doorbell (a plugin's: own sessions only). */
interface Process {
  readonly bus: EventBus;
  readonly store: Store;
  readonly service: ReviewService;
  readonly delivered: { sessionId: string | null; text: string }[];
}

let repo: TempRepository;
let dbFolder: string;
let worktreeA: string;
let worktreeB: string;
const processes: Process[] = [];
let tick = Date.parse("2026-03-01T10:00:00.000Z");

async function startProcess(dir: string): Promise<Process> {
  const store = await openStore({ path: join(dbFolder, "review.sqlite") });
  const delivered: Process["delivered"] = [];
  const delivery: ReleaseDelivery = {
    mode: "tools",
    ownSessionsOnly: true,
    async deliver(input) {
      delivered.push(input);
      return input.sessionId === null ? null : { sessionId: input.sessionId };
    },
  };
  const bus = createEventBus();
  const service = createReviewService({
    dir,
    store,
    bus,
    delivery,
    now: () => new Date((tick += 1000)).toISOString(),
  });
  const made = { bus, store, service, delivered };
  processes.push(made);
  return made;
}

function panel(service: ReviewService) {
  const app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(dbFolder, "no-panel"),
    routes: apiRoutes(service),
    branchChoice: branchChoice(service.branchScopes),
    health: async () => {
      const now = await service.repository();
      return { ok: true, version: "0", repo: now.workTree, branch: now.branchKey, tools: true };
    },
    events: createEventBus(),
    reportError: (error) => {
      throw error;
    },
  });
  return async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`${ORIGIN}/api${path}`, {
      method,
      headers: {
        host: HOST,
        authorization: `Bearer ${TOKEN}`,
        ...(method === "GET" ? {} : { origin: ORIGIN }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };
}

beforeEach(async () => {
  repo = await makeTempRepository();
  await repo.write("src/task.ts", "export function task() {\n  return 0;\n}\n");
  await repo.write("README.md", "the task\n");
  await repo.commitAll("base");
  dbFolder = await realpath(await mkdtemp(join(tmpdir(), "ocr-branches-db-")));
  worktreeA = join(dbFolder, "agent-a");
  worktreeB = join(dbFolder, "agent-b");
  // Two agents' attempts at one task, each in its own work tree, as `claude --worktree` or Conductor make them.
  await repo.git("worktree", "add", "-q", "-b", "agent-a", worktreeA);
  await repo.git("worktree", "add", "-q", "-b", "agent-b", worktreeB);
  await writeFile(join(worktreeA, "src/task.ts"), "export function task() {\n  return 1; // attempt A\n}\n");
  await writeFile(join(worktreeB, "src/task.ts"), "export function task() {\n  return 2; // attempt B\n}\n");
  await writeFile(join(worktreeB, "src/extra.ts"), "export const helper = true;\n");
});

afterEach(async () => {
  for (const p of processes.splice(0)) {
    await p.service.context.anchors.written();
    await p.store.close();
  }
  await repo.remove();
  await rm(dbFolder, { recursive: true, force: true });
});

describe("every branch in one panel", () => {
  it("lists every work tree's branch with its change, and answers any route for the branch named", async () => {
    const main = await startProcess(repo.dir);
    const send = panel(main.service);

    const listed = await send("GET", "/branches");
    expect(listed.status).toBe(200);
    const names = listed.json.branches.map((b: { branch: string }) => b.branch);
    // main has nothing changed but is the panel's own; both agents' work trees are changed.
    expect(names.sort()).toEqual(["agent-a", "agent-b", "main"]);
    const b = listed.json.branches.find((x: { branch: string }) => x.branch === "agent-b");
    expect(b.worktree).toBe(worktreeB);
    expect(b.changed).toEqual({ files: 2, additions: 2, deletions: 1 });
    expect(b.head).toMatch(/^[0-9a-f]{40}$/);

    // The same route, three branches: each answers its own work tree's diff.
    const diffA = await send("GET", "/diff?branch=agent-a");
    expect(diffA.status).toBe(200);
    expect(diffA.json.files.map((f: { path: string }) => f.path)).toEqual(["src/task.ts"]);
    expect(JSON.stringify(diffA.json)).toContain("attempt A");
    expect(JSON.stringify(diffA.json)).not.toContain("attempt B");
    const diffB = await send("GET", "/diff?branch=agent-b");
    expect(diffB.json.files.map((f: { path: string }) => f.path).sort()).toEqual(["src/extra.ts", "src/task.ts"]);
    expect((await send("GET", "/diff")).json.files).toEqual([]);
    expect((await send("GET", "/health?branch=agent-b")).json).toMatchObject({ branch: "agent-b", repo: worktreeB });

    // A comment on agent-a is agent-a's alone; the list puts the branch with something on the person first.
    const made = await send("POST", "/threads?branch=agent-a", {
      file: "src/task.ts",
      start: 2,
      end: 2,
      body: "Why 1?",
    });
    expect(made.status).toBe(201);
    expect((await send("GET", "/threads?branch=agent-a&status=all")).json.threads).toHaveLength(1);
    expect((await send("GET", "/threads?branch=agent-b&status=all")).json.threads).toHaveLength(0);
    expect((await send("GET", "/threads?status=all")).json.threads).toHaveLength(0);
    expect((await send("GET", "/review?branch=agent-a")).json.drafts.threads).toHaveLength(1);

    expect((await send("GET", "/diff?branch=no-such-branch")).status).toBe(404);
  });

  it("sends each branch's release to the agent working in that branch's work tree, never another's", async () => {
    const main = await startProcess(repo.dir);
    const a = await startProcess(worktreeA);
    const b = await startProcess(worktreeB);
    // Each opencode process records the session it runs, in its own work tree.
    await a.service.recordSession({ id: "ses_a", title: "Attempt A", directory: worktreeA });
    await b.service.recordSession({ id: "ses_b", title: "Attempt B", directory: worktreeB });
    const send = panel(main.service);

    const agents = (await send("GET", "/branches")).json.branches.find(
      (x: { branch: string }) => x.branch === "agent-a",
    ).agents;
    expect(agents).toEqual([{ kind: "opencode", session: { id: "ses_a", title: "Attempt A" }, live: false }]);

    await send("POST", "/threads?branch=agent-a", { file: "src/task.ts", start: 2, end: 2, body: "A: why 1?" });
    await send("POST", "/threads?branch=agent-b", { file: "src/extra.ts", body: "B: why a helper?" });
    const released = await send("POST", "/review/release?branch=agent-a", {});
    expect(released.status).toBe(200);
    // The panel's process reaches none of its own sessions with it: it waits, in the store, for agent-a's process.
    expect(main.delivered).toEqual([]);
    expect(released.json.review.delivery.state).toBe("pending");

    expect(await b.service.deliverHandedOff()).toEqual([]);
    expect(await a.service.deliverHandedOff()).toHaveLength(1);
    expect(a.delivered).toHaveLength(1);
    expect(a.delivered[0]!.sessionId).toBe("ses_a");
    expect(a.delivered[0]!.text).toContain("src/task.ts");
    expect(b.delivered).toEqual([]);
    // Taken once: a second look delivers nothing again.
    expect(await a.service.deliverHandedOff()).toEqual([]);
    const pastA = (await send("GET", "/reviews?branch=agent-a")).json.reviews;
    expect(pastA[0].delivery).toMatchObject({ state: "delivered", to: "ses_a" });

    // The agent in agent-a reads only agent-a's comments.
    const listA = await a.service.agentList({});
    expect(listA.output).toContain("A: why 1?");
    expect(listA.output).not.toContain("B: why a helper?");

    // agent-b's release, with no session live there yet, waits for the next one to start there.
    const c = await startProcess(worktreeB);
    await send("POST", "/review/release?branch=agent-b", {});
    expect(await c.service.deliverHandedOff()).toEqual([]);
    expect(c.delivered).toEqual([]);
    await c.service.recordSession({ id: "ses_b2", title: "Attempt B again", directory: worktreeB });
    expect(await c.service.deliverWaiting("ses_b2")).toHaveLength(1);
    expect(c.delivered.map((d) => d.sessionId)).toEqual(["ses_b2"]);
    expect(c.delivered[0]!.text).toContain("src/extra.ts");
    expect(a.delivered).toHaveLength(1);
    expect(main.delivered).toEqual([]);
  });

  it("compares two branches' work trees: a the old side, b the new", async () => {
    const main = await startProcess(repo.dir);
    const send = panel(main.service);
    const compared = await send("GET", "/compare?a=agent-a&b=agent-b");
    expect(compared.status).toBe(200);
    const files = compared.json.files as {
      path: string;
      status: string;
      hunks: { lines: { kind: string; text: string }[] }[];
    }[];
    expect(files.map((f) => f.path).sort()).toEqual(["src/extra.ts", "src/task.ts"]);
    const task = files.find((f) => f.path === "src/task.ts")!;
    const lines = task.hunks.flatMap((h) => h.lines);
    expect(lines.filter((l) => l.kind === "del").map((l) => l.text)).toEqual(["  return 1; // attempt A"]);
    expect(lines.filter((l) => l.kind === "add").map((l) => l.text)).toEqual(["  return 2; // attempt B"]);
    // A comment on the new side goes to b, on the old side to a.
    expect(
      (await send("POST", "/threads?branch=agent-b", { file: "src/task.ts", start: 2, end: 2, body: "B's side" }))
        .status,
    ).toBe(201);
    expect(
      (await send("POST", "/threads?branch=agent-a", { file: "src/task.ts", start: 2, end: 2, body: "A's side" }))
        .status,
    ).toBe(201);
    const onB = (await send("GET", "/threads?branch=agent-b&status=all")).json.threads;
    expect(onB.map((t: { messages: { body: string }[] }) => t.messages[0]!.body)).toEqual(["B's side"]);
    expect((await send("GET", "/compare?a=agent-a")).status).toBe(400);
  });

  it("keeps a review readable, read-only, once its work tree is removed and its branch deleted", async () => {
    const main = await startProcess(repo.dir);
    const send = panel(main.service);
    await send("POST", "/threads?branch=agent-a", { file: "src/task.ts", start: 2, end: 2, body: "Why 1?" });
    await send("POST", "/review/release?branch=agent-a", {});
    await repo.git("worktree", "remove", "--force", worktreeA);
    main.service.branchScopes.refresh();

    let entry = (await send("GET", "/branches")).json.branches.find((x: { branch: string }) => x.branch === "agent-a");
    expect(entry).toMatchObject({ worktree: null, deleted: false, changed: { files: 1, additions: 1, deletions: 1 } });
    // Its last round is its diff; its threads read as they were.
    const diff = await send("GET", "/diff?branch=agent-a");
    expect(diff.status).toBe(200);
    expect(JSON.stringify(diff.json)).toContain("attempt A");
    const threads = (await send("GET", "/threads?branch=agent-a&status=all")).json.threads;
    expect(threads).toHaveLength(1);
    expect(threads[0].anchor.state).toBe("current");
    // Writes are refused, saying why.
    const refused = await send("POST", "/threads?branch=agent-a", { file: "src/task.ts", body: "more" });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain("checked out in no work tree");
    expect((await send("POST", "/rounds?branch=agent-a")).status).toBe(409);

    await repo.git("branch", "-D", "agent-a");
    entry = (await send("GET", "/branches")).json.branches.find((x: { branch: string }) => x.branch === "agent-a");
    expect(entry).toMatchObject({ worktree: null, deleted: true, head: null });
    expect((await send("GET", "/threads?branch=agent-a&status=all")).json.threads).toHaveLength(1);
    // The read-only view is not listed as a work tree of its own.
    expect((await send("GET", "/branches")).json.branches.map((x: { branch: string }) => x.branch)).not.toContain(
      "detached",
    );
  });
});

describe("the branch list, live", () => {
  it("publishes a branch's new entry when an agent edits its work tree or a comment lands on it", async () => {
    const main = await startProcess(repo.dir);
    const feed = branchFeed({
      db: main.store.db,
      own: () => main.service.ownRepository(),
      scopes: main.service.branchScopes,
      list: (sizes) => main.service.listBranches(sizes),
      intervalMs: 100,
    });
    const bus = createEventBus({ feeds: [feed] });
    const seen: ReviewEvent[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    try {
      const entryOf = (name: string) =>
        seen.flatMap((e) => (e.type === "branch" && e.branch.branch === name ? [e.branch] : [])).at(-1);
      await eventually(() => entryOf("agent-a")?.changed.files === 1);
      // Every work tree fits the default budget: watched, none polled.
      expect(feed.state()).toMatchObject({ polled: [], note: null });
      expect(feed.state().watches).toBeGreaterThan(0);
      await writeFile(join(worktreeA, "src/new-file.ts"), "export const more = 1;\n");
      await eventually(() => entryOf("agent-a")?.changed.files === 2);
      // A draft on agent-a's review and its release make it wait on the agent.
      const made = await inBranchScope((await main.service.branchScopes.scopeFor("agent-a"))!, async () => {
        await main.service.draftThread({ file: "src/task.ts", start: 2, end: 2, body: "Why?" });
        return main.service.release({});
      });
      expect(made.review.messages).toBe(1);
      await eventually(() => entryOf("agent-a")?.waiting.onAgent === 1);
    } finally {
      stop();
    }
  });

  it("polls work trees past the watch budget, and says so", async () => {
    const main = await startProcess(repo.dir);
    const feed = branchFeed({
      db: main.store.db,
      own: () => main.service.ownRepository(),
      scopes: main.service.branchScopes,
      list: (sizes) => main.service.listBranches(sizes),
      intervalMs: 100,
      budget: 4,
    });
    const bus = createEventBus({ feeds: [feed] });
    const seen: ReviewEvent[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    try {
      await eventually(() => feed.state().polled.length > 0);
      expect(feed.state().watches).toBeLessThanOrEqual(4);
      expect(feed.state().note).toContain("polling git status");
      const entryOf = (name: string) =>
        seen.flatMap((e) => (e.type === "branch" && e.branch.branch === name ? [e.branch] : [])).at(-1);
      await eventually(() => entryOf("agent-b")?.changed.files === 2);
      await writeFile(join(worktreeB, "src/third.ts"), "export const third = 3;\n");
      await eventually(() => entryOf("agent-b")?.changed.files === 3);
    } finally {
      stop();
    }
  });

  it("tells a panel only its own branch's events", async () => {
    const main = await startProcess(repo.dir);
    const own: ReviewEvent[] = [];
    const onA: ReviewEvent[] = [];
    const scopeA = (await main.service.branchScopes.scopeFor("agent-a"))!;
    main.bus.subscribe((event) => own.push(event));
    inBranchScope(scopeA, () => main.bus.subscribe((event) => onA.push(event)));
    await inBranchScope(scopeA, () => main.service.draftThread({ file: "src/task.ts", body: "On A" }));
    await main.service.draftThread({ file: "src/task.ts", body: "On main" });
    const bodies = (events: ReviewEvent[]) =>
      events.flatMap((e) => (e.type === "thread" ? e.thread.messages.map((m) => m.body) : []));
    expect(bodies(onA)).toEqual(["On A"]);
    expect(bodies(own)).toEqual(["On main"]);
  });
});

async function eventually(probe: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
